import { Outlet, useLoaderData } from "react-router";
import { ChatButton } from "~/components/layout/chat-button";
import { CountingBeaconsScript } from "~/components/layout/counting-beacons-script";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { LeadSourceLinksScript } from "~/components/layout/lead-source-links-script";
import { listServiceLinks } from "~/server/services/index.server";
import type { Route } from "./+types/public-layout";

export async function loader() {
  return { services: await listServiceLinks() };
}

export default function PublicLayout() {
  // The hook (not the props) also works where the route module is rendered as it is.
  const { services } = useLoaderData<Route.ComponentProps["loaderData"]>();
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo">
        <Outlet />
      </main>
      <Footer services={services} />
      <ChatButton />
      <LeadSourceLinksScript />
      <CountingBeaconsScript />
    </>
  );
}
