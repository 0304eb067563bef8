import { useNonce } from "~/lib/nonce";

// For server-rendered forms on pages without React: while the browser submits, the button
// is disabled and shows its busy label (data-busy-label), e.g. 'Entrando...'.
export const busySubmitScript = `document.addEventListener("submit",function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||e.defaultPrevented)return;var b=f.querySelector("button[data-busy-label]");if(!b)return;setTimeout(function(){b.disabled=true;b.textContent=b.getAttribute("data-busy-label");},0);});`;

export function BusySubmitScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: busySubmitScript }} />;
}
