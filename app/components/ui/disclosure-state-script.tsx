import { useNonce } from "~/lib/nonce";

// Native <details> already works with keyboards and without JavaScript. This keeps an
// explicit aria-expanded on each <summary> in step for assistive technology that reads the
// attribute. It is inline because public pages ship no bundle.
export const disclosureStateScript = `document.addEventListener("toggle",function(e){var d=e.target;if(d instanceof HTMLDetailsElement&&d.hasAttribute("data-disclosure")){var s=d.querySelector(":scope>summary");if(s)s.setAttribute("aria-expanded",String(d.open));}},true);`;

export function DisclosureStateScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: disclosureStateScript }} />;
}
