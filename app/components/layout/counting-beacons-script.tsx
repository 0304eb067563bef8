import { useLocation } from "react-router";
import { TAP_LINK_ATTRIBUTE } from "~/lib/contact-taps";
import { useNonce } from "~/lib/nonce";

// What the browser tells the counting that no request of its own would (docs/decisions/0071):
// - A tap on a contact link: its `ping` reaches the counting address without JavaScript in
//   Chromium and Safari; browsers that drop pings (Firefox, blockers' "hyperlink auditing")
//   still send this beacon to the same address. The server counts the tap once either way.
// - A page shown from a prefetch (the speculation rules) or a prerender: its request was a
//   prefetch, which is not counted, and showing it asks the server nothing; the beacon counts
//   it when, and only when, it is shown.
// The address of a shown page is /visita?p=<path and query>&r=<the page before it>.
export const SHOWN_VIEW_PATH = "/visita";

export const countingBeaconsScript = `(function(){
var n=navigator;if(!n.sendBeacon)return;
document.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a[${TAP_LINK_ATTRIBUTE}][ping]");if(a)n.sendBeacon(a.getAttribute("ping"));},true);
function shown(){n.sendBeacon("${SHOWN_VIEW_PATH}?p="+encodeURIComponent(location.pathname+location.search)+"&r="+encodeURIComponent(document.referrer));}
if(document.prerendering){document.addEventListener("prerenderingchange",shown,{once:true});return;}
var t=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];
if(t&&t.deliveryType==="navigational-prefetch")shown();
})();`;

/** On public pages only: the admin has no contact links and is never counted. */
export function CountingBeaconsScript() {
  const nonce = useNonce();
  const { pathname } = useLocation();
  if (pathname.startsWith("/admin") || pathname === "/auth") return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: countingBeaconsScript }} />;
}
