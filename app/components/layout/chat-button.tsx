import { useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useSite } from "~/lib/site-context";
import { whatsappUrl } from "~/lib/whatsapp";

/** Floating WhatsApp button; left off the blog list, where the article cards fill the corner. */
export function ChatButton() {
  const site = useSite();
  const { pathname } = useLocation();
  if (pathname === "/blog" || pathname === "/blog/") return null;
  return (
    <a
      href={whatsappUrl(site.whatsappDigits, site.whatsappMessage)}
      target="_blank"
      rel="noopener"
      aria-label="Conversar pelo WhatsApp"
      className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg transition-transform hover:scale-105 hover:bg-[#096634] sm:right-6 sm:bottom-6"
    >
      <Icon name="whatsapp" className="size-8" />
    </a>
  );
}
