import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import stylesheet from "~/app.css?url";
import { defaultSite } from "~/lib/company-settings";
import { contactTarget } from "~/lib/contact-taps";
import { useNonce } from "~/lib/nonce";
import { SiteContext } from "~/lib/site-context";
import { speculationRules } from "~/lib/speculation-rules";
import { localBusinessJsonLdScript } from "~/lib/structured-data";
import { routeWantsHydration } from "~/route-handle";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/root";

// The company facts in force (the owner's settings over the defaults), read once per request
// and memoised until they change: the same object for every page until then.
export async function loader({ context }: Route.LoaderArgs) {
  return { site: (await siteSettings(context)).site };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const site = data?.site ?? defaultSite;
  const hydrate = useMatches().some((match) => routeWantsHydration(match.handle));
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#1e3a8a" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />
        <Meta />
        {/* Stylesheets and icons need no nonce ('self' allows them). Without one of its own,
            Links takes the request's, which the browser hides once parsed (nonce hiding), and
            hydration then finds the server's link and the client's differ. */}
        <Links nonce="" />
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON-LD data block
          dangerouslySetInnerHTML={{ __html: localBusinessJsonLdScript(site) }}
        />
      </head>
      <body className="min-h-dvh bg-white text-slate-800 antialiased dark:bg-slate-950 dark:text-slate-200">
        <SiteContext value={site}>{children}</SiteContext>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script
            type="speculationrules"
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: static JSON rules
            dangerouslySetInnerHTML={{ __html: speculationRules }}
          />
        )}
      </body>
    </html>
  );
}

function SessionEnded() {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign("/auth"), 1500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>Sua sessão terminou | Admin</title>
      <h1 className="text-2xl font-semibold">Sua sessão terminou</h1>
      <p className="text-slate-600 dark:text-slate-400">Entre novamente para continuar. Redirecionando…</p>
      <a href="/auth" className="rounded-lg bg-blue-800 px-5 py-3 font-semibold text-white hover:bg-blue-900">
        Entrar novamente
      </a>
    </main>
  );
}

/** A team member whose role does not open this area (an Editor on quote requests, say). */
function Forbidden() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>Acesso restrito | Admin</title>
      <p className="text-6xl font-bold text-blue-800 dark:text-blue-300">403</p>
      <h1 className="text-2xl font-semibold">Acesso restrito</h1>
      <p className="text-slate-600 dark:text-slate-400">
        Esta área é só para administradores: ela guarda dados pessoais ou decide quem entra no painel. Peça a
        um administrador se precisar de algo daqui.
      </p>
      <a
        href="/admin"
        className="rounded-lg bg-blue-800 px-5 py-3 font-semibold text-white hover:bg-blue-900"
      >
        Voltar ao painel
      </a>
    </main>
  );
}

export default function App() {
  return <Outlet />;
}

// The boundary replaces every route under the root, their meta too: each page says its own
// title (React puts it in the head), or a tab and a screen reader would name it by its address.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = useRouteLoaderData<typeof loader>("root")?.site ?? defaultSite;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const admin = useLocation().pathname.startsWith("/admin");
  // An admin action refused because the session ended (expired, or 'Sair' elsewhere).
  if (status === 401) return <SessionEnded />;
  if (status === 403) return <Forbidden />;
  // The server already logged it (entry.server.tsx handleError); this helps in the browser.
  if (!isRouteErrorResponse(error) && typeof window !== "undefined") console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{`Algo deu errado | ${site.name}`}</title>
      <p className="text-6xl font-bold text-blue-800 dark:text-blue-300">{status}</p>
      <h1 className="text-2xl font-semibold">Algo deu errado</h1>
      <p className="text-slate-600 dark:text-slate-400">
        Não foi possível carregar esta página agora. Tente novamente em instantes ou volte para o início.
      </p>
      {admin ? null : (
        // A visitor who came to ask for a quote can still reach the company.
        <p className="text-slate-600 dark:text-slate-400">
          Se preferir, fale conosco pelo telefone{" "}
          <a
            href={contactTarget("telefone", site)}
            className="font-semibold text-blue-800 underline dark:text-blue-300"
          >
            {site.phoneDisplay}
          </a>{" "}
          ou pelo{" "}
          <a
            href={contactTarget("whatsapp", site)}
            rel="noopener"
            className="font-semibold text-blue-800 underline dark:text-blue-300"
          >
            WhatsApp
          </a>
          .
        </p>
      )}
      <a href="/" className="rounded-lg bg-blue-800 px-5 py-3 font-semibold text-white hover:bg-blue-900">
        Voltar para o início
      </a>
    </main>
  );
}
