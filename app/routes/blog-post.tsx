import { data, isRouteErrorResponse, redirect } from "react-router";
import { ArticleView } from "~/components/blog/article-view";
import { parseMediaUrl } from "~/lib/media-url";
import { absoluteUrl, pageMeta, previewImageFor, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { isSlug } from "~/lib/slug";
import { blogPostingJsonLd, jsonLdScript } from "~/lib/structured-data";
import { mediaHashesInHtml, publishedMediaViewsByHash, withLibraryImages } from "~/server/media/index.server";
import { getPublishedArticle, sanitizeArticleHtml } from "~/server/posts/index.server";
import { findRedirectTarget, permanentRedirect } from "~/server/redirects/index.server";
import { categoryTag, mediaTags, postTag, renderTagsInit } from "~/server/render-cache/index.server";
import type { Route } from "./+types/blog-post";

export async function loader({ params, request }: Route.LoaderArgs) {
  // A value that cannot be an address (e.g. a NUL byte, which PostgreSQL refuses) is not looked up.
  const article = isSlug(params.slug) ? await getPublishedArticle(params.slug) : null;
  if (!article) {
    // A published post's old address (or one the owner added) answers 301, once, to where it went.
    const target = await findRedirectTarget(new URL(request.url).pathname);
    if (target) throw permanentRedirect(target);
    // Unknown, draft and archived posts are not public: back to the list.
    throw redirect("/blog");
  }
  const { post, related, seo } = article;
  // Sanitised again on every render: defence in depth against rows written around the admin.
  const sanitized = sanitizeArticleHtml(post.content);
  const contentHashes = mediaHashesInHtml(sanitized);
  const content = contentHashes.length
    ? withLibraryImages(sanitized, await publishedMediaViewsByHash(contentHashes))
    : sanitized;
  // The render cache forgets this page when the post or its category's posts change, or an
  // image it shows gets another alt text.
  const imageHashes = [post, ...related].flatMap((p) => (p.featuredImage ? [p.featuredImage.hash] : []));
  const seoImage = seo.image ? parseMediaUrl(seo.image.url) : null;
  const tags = [
    postTag(post.slug),
    categoryTag(post.category.id),
    ...mediaTags([...imageHashes, ...contentHashes, ...(seoImage ? [seoImage.hash] : [])]),
  ];
  return data({ post: { ...post, content }, related, seo }, renderTagsInit(tags));
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: `Artigo não encontrado | ${site.name}` }];
  const { post, seo } = loaderData;
  const image = seo?.image;
  return pageMeta(site, {
    title: seo?.metaTitle ?? post.title,
    exactTitle: Boolean(seo?.metaTitle),
    description: seo?.metaDescription ?? post.excerpt,
    path: `/blog/${post.slug}`,
    type: "article",
    image: previewImageFor(image?.url ?? post.featuredImageUrl),
    noindex: seo?.noindex ?? false,
    extra: [
      ...(post.publishedAt ? [{ property: "article:published_time", content: post.publishedAt }] : []),
      { property: "article:modified_time", content: post.updatedAt },
      { property: "article:section", content: post.category.name },
    ],
  });
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Blog – artigos técnicos", href: "/blog/rss.xml" },
];

function ArticleJsonLd({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const site = useSite();
  const { post, seo } = loaderData;
  const url = absoluteUrl(site, `/blog/${post.slug}`);
  const image = seo?.image;
  const data = [
    blogPostingJsonLd(site, {
      url,
      headline: seo?.metaTitle ?? post.title,
      description: seo?.metaDescription ?? post.excerpt,
      image: image
        ? { url: absoluteUrl(site, image.url), width: image.width, height: image.height }
        : { url: absoluteUrl(site, post.featuredImageUrl ?? site.ogImagePath) },
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      section: post.category.name,
      authorName: seo?.authorName ?? null,
    }),
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Início", item: absoluteUrl(site, "/") },
        { "@type": "ListItem", position: 2, name: "Blog", item: absoluteUrl(site, "/blog") },
        { "@type": "ListItem", position: 3, name: post.title, item: url },
      ],
    },
  ];
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON-LD data block
      dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }}
    />
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ArticleJsonLd loaderData={loaderData} />
      <ArticleView {...loaderData} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The server already logged it (entry.server.tsx handleError); this helps in the browser.
  if (!isRouteErrorResponse(error) && typeof window !== "undefined") console.error(error);
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-5 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Artigo não encontrado</h1>
      <p className="text-slate-600 dark:text-slate-400">Não foi possível carregar este artigo agora.</p>
      <a href="/blog" className="btn bg-brand-800 text-white hover:bg-brand-900">
        Voltar ao Blog
      </a>
    </section>
  );
}
