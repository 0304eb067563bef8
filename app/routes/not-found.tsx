import { data } from "react-router";
import { useNonce } from "~/lib/nonce";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { requestInfoContext } from "~/request-context";
import { logEvent } from "~/server/log.server";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logEvent("warn", "404 Not Found", { path: pathname, requestId: context.get(requestInfoContext).requestId });
  return data({ path: pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Página não encontrada",
    description: "A página procurada não existe.",
    path: loaderData?.path ?? "/",
    noindex: true,
  });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  // The spec logs the unknown path in the browser console too; the page ships no bundle, so
  // a one-line inline script does it.
  const log = `console.error(${JSON.stringify(`404 Error: User attempted to access non-existent route: ${loaderData.path}`).replace(/</g, "\\u003c")});`;
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-5 py-20 text-center">
      <h1 className="text-7xl font-extrabold text-brand-800 dark:text-brand-300">404</h1>
      <p className="text-xl text-slate-700 dark:text-slate-300">Oops! Page not found</p>
      <a href="/" className="btn bg-accent-700 text-white hover:bg-accent-800">
        Voltar para o início
      </a>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-escaped constant */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: log }} />
    </section>
  );
}
