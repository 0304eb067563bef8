import { useLocation } from "react-router";
import { useNonce } from "~/lib/nonce";

// Where a visitor came from reaches the quote form without cookies (docs/decisions/0032): the
// browser's Referer on /contato names the page before it, tags included. What that page's own
// Referer said (an external site) would be lost one click later, so, with JavaScript, links to
// /contato on the page the visitor landed on carry it (`ref`, the host only) and the page's
// campaign tags in their address; so do the counting addresses of the contact links (their
// `ping`, /toque?tipo=…&de=…), whose tap is then counted with the visit's source
// (docs/decisions/0071). Nothing is stored in the browser.
export const leadSourceLinksScript = `(function(){
if(!window.URL||!window.URLSearchParams)return;
var p=new URLSearchParams(),q=new URLSearchParams(location.search);
["utm_source","utm_medium","utm_campaign"].forEach(function(k){var v=q.get(k);if(v)p.set(k,v.slice(0,100));});
try{var r=document.referrer&&new URL(document.referrer);
if(r&&(r.protocol==="http:"||r.protocol==="https:")&&r.host!==location.host)p.set("ref",r.hostname);}catch(e){}
if(!p.toString())return;
document.querySelectorAll('a[href^="/contato"]').forEach(function(a){
var t=new URL(a.getAttribute("href"),location.href);
if(t.pathname==="/contato"&&!t.search)a.setAttribute("href","/contato?"+p.toString()+t.hash);});
document.querySelectorAll('a[ping^="/toque?"]').forEach(function(a){a.setAttribute("ping",a.getAttribute("ping")+"&"+p.toString());});
})();`;

/** On public pages only: the admin links nowhere a visitor's source matters. */
export function LeadSourceLinksScript() {
  const nonce = useNonce();
  const { pathname } = useLocation();
  if (pathname.startsWith("/admin") || pathname === "/auth") return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: leadSourceLinksScript }} />;
}
