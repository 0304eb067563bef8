import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { requestInfoContext } from "~/request-context";
import { maskedPath } from "~/server/http/index.server";
import { logEvent } from "~/server/platform/log.server";
import { findRedirectTarget, permanentRedirect } from "~/server/redirects/index.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // An address of the old site or a renamed post: one lookup, only for what would be a 404.
  const target = await findRedirectTarget(pathname);
  if (target) throw permanentRedirect(target);
  logEvent("warn", "404 Not Found", {
    path: maskedPath(pathname),
    requestId: context.get(requestInfoContext).requestId,
  });
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
  return <NotFoundContent path={loaderData.path} />;
}
