import { useLocation } from "react-router";
import { ContactLink } from "~/components/ui/contact-link";
import { Icon } from "~/components/ui/icon";
import { useNonce } from "~/lib/nonce";

/** Marks the floating button's place, which never moves (the button inside it does). */
export const CHAT_DOCK_ATTRIBUTE = "data-chat-dock";

// The floating button must never sit on a control: on a phone, the quote form's service select
// (its arrow) and the page's buttons pass under its corner as the visitor scrolls, and a tap
// there would open WhatsApp instead. With JavaScript the button steps aside (down and out of
// sight, not tappable) while a form field or a button lies under its place, and comes back once
// none does. Links and disclosure rows are left alone: they span the line and are tapped
// anywhere along it, and stepping aside for every one would take the chat away from most
// screens. Without JavaScript it stays put.
export const chatButtonScript = `(function(){
var d=document.querySelector("[${CHAT_DOCK_ATTRIBUTE}]");if(!d||!document.elementsFromPoint)return;
var b=d.firstElementChild,queued=false;
var usable='button,input:not([type=hidden]),select,textarea,[role=button]';
function under(){var r=d.getBoundingClientRect(),m=2,xs=[r.left+m,(r.left+r.right)/2,r.right-m],ys=[r.top+m,(r.top+r.bottom)/2,r.bottom-m];
for(var i=0;i<3;i++)for(var j=0;j<3;j++){var es=document.elementsFromPoint(xs[i],ys[j]);
for(var k=0;k<es.length;k++)if(!d.contains(es[k])&&es[k].closest(usable))return true;}return false;}
function check(){queued=false;if(under())b.setAttribute("data-away","");else b.removeAttribute("data-away");}
function queue(){if(!queued){queued=true;requestAnimationFrame(check);}}
addEventListener("scroll",queue,{passive:true});addEventListener("resize",queue);document.addEventListener("focusin",queue);check();
})();`;

/** Floating WhatsApp button; left off the blog list, where the article cards fill the corner. */
export function ChatButton() {
  const nonce = useNonce();
  const { pathname } = useLocation();
  if (pathname === "/blog" || pathname === "/blog/") return null;
  return (
    <>
      <div
        {...{ [CHAT_DOCK_ATTRIBUTE]: "" }}
        className="pointer-events-none fixed right-4 bottom-4 z-30 size-14 sm:right-6 sm:bottom-6"
      >
        <ContactLink
          kind="whatsapp"
          ariaLabel="Conversar pelo WhatsApp"
          className="pointer-events-auto flex size-14 items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg transition hover:scale-105 hover:bg-[#096634] data-away:pointer-events-none data-away:translate-y-24 data-away:opacity-0"
        >
          <Icon name="whatsapp" className="size-8" />
        </ContactLink>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: chatButtonScript }} />
    </>
  );
}
