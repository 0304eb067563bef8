import { useLocation } from "react-router";
import { ContactLink } from "~/components/ui/contact-link";
import { Icon } from "~/components/ui/icon";

/** Floating WhatsApp button; left off the blog list, where the article cards fill the corner. */
export function ChatButton() {
  const { pathname } = useLocation();
  if (pathname === "/blog" || pathname === "/blog/") return null;
  return (
    <ContactLink
      kind="whatsapp"
      ariaLabel="Conversar pelo WhatsApp"
      className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg transition-transform hover:scale-105 hover:bg-[#096634] sm:right-6 sm:bottom-6"
    >
      <Icon name="whatsapp" className="size-8" />
    </ContactLink>
  );
}
