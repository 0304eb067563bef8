import { data } from "react-router";
import { ArticleView } from "~/components/blog/article-view";
import { DraftNotice } from "~/components/blog/draft-notice";
import { NotFoundContent } from "~/components/not-found-content";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { PREVIEW_HEADERS, postIdForShareToken, savedPostArticle } from "~/server/posts/index.server";
import type { Route } from "./+types/blog-previa";

// A share link (docs/decisions/0028): a post's current draft for anyone with the token,
// never cached, never indexed; an unknown, expired or revoked token gets the 404 page.

export async function loader({ params, request }: Route.LoaderArgs) {
  const postId = await postIdForShareToken(params.token);
  const article = postId ? await savedPostArticle(postId) : null;
  if (!article) {
    return data(
      { article: null, path: new URL(request.url).pathname },
      { status: 404, headers: PREVIEW_HEADERS },
    );
  }
  return data({ article, path: "" }, { headers: PREVIEW_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(siteFromMatches(matches), {
    title: loaderData?.article ? `Prévia: ${loaderData.article.post.title}` : "Página não encontrada",
    description: loaderData?.article?.post.excerpt ?? "A página procurada não existe.",
    path: "/blog",
    noindex: true,
  });

export default function SharedDraft({ loaderData }: Route.ComponentProps) {
  if (!loaderData.article) return <NotFoundContent path={loaderData.path} />;
  return (
    <>
      <DraftNotice>Prévia de um post ainda não publicado: o conteúdo pode mudar.</DraftNotice>
      <ArticleView {...loaderData.article} />
    </>
  );
}
