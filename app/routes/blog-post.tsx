import { data, isRouteErrorResponse, redirect } from "react-router";
import { BlogCallToAction } from "~/components/blog/blog-cta";
import { PostCard } from "~/components/blog/post-card";
import { POST_IMAGE_SIZES, PostImage } from "~/components/blog/post-image";
import { Icon } from "~/components/ui/icon";
import { formatArticleDate } from "~/lib/dates";
import { parseMediaUrl } from "~/lib/media-url";
import { absoluteUrl, pageMeta, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { isSlug } from "~/lib/slug";
import { blogPostingJsonLd, jsonLdScript } from "~/lib/structured-data";
import { getArticleSeo } from "~/server/blog/article-seo.server";
import { getPublishedArticle } from "~/server/blog/public-posts.server";
import { sanitizeForRender } from "~/server/html-sanitizer.server";
import { mediaHashesInHtml, withLibraryImages } from "~/server/media/content-images.server";
import { mediaViewsByHash } from "~/server/media/media-library.server";
import { findRedirectTarget, permanentRedirect } from "~/server/redirects/redirects.server";
import { categoryTag, mediaTags, postTag, renderTagsInit } from "~/server/render-cache/cache-policy.server";
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
  const { post, related } = article;
  const sanitized = sanitizeForRender(post.content);
  const contentHashes = mediaHashesInHtml(sanitized);
  const content = contentHashes.length
    ? withLibraryImages(sanitized, await mediaViewsByHash(contentHashes))
    : sanitized;
  // The render cache forgets this page when the post or its category's posts change, or an
  // image it shows gets another alt text.
  const imageHashes = [post, ...related].flatMap((p) => (p.featuredImage ? [p.featuredImage.hash] : []));
  const seo = await getArticleSeo(post.id);
  const seoImage = seo?.image ? parseMediaUrl(seo.image.url) : null;
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
    image: image?.url ?? post.featuredImageUrl ?? undefined,
    noindex: seo?.noindex ?? false,
    extra: [
      ...(image
        ? [
            { property: "og:image:width", content: String(image.width) },
            { property: "og:image:height", content: String(image.height) },
          ]
        : []),
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
  const { post, related } = loaderData;
  return (
    <>
      <ArticleJsonLd loaderData={loaderData} />
      <article className="container-page max-w-3xl py-10 sm:py-14">
        <a
          href="/blog"
          className="mb-8 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <Icon name="arrow-left" className="size-4" />
          Voltar ao Blog
        </a>
        <header className="flex flex-col gap-4">
          <a
            href={`/blog?categoria=${post.category.slug}`}
            className="w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100 dark:bg-brand-900 dark:text-brand-100"
          >
            {post.category.name}
          </a>
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {post.title}
          </h1>
          <p className="text-lg text-slate-600 dark:text-slate-300">{post.excerpt}</p>
          <p className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            {post.publishedAt ? (
              <time dateTime={post.publishedAt} className="flex items-center gap-1.5">
                <Icon name="calendar" className="size-4" />
                {formatArticleDate(post.publishedAt)}
              </time>
            ) : null}
            <span className="flex items-center gap-1.5">
              <Icon name="clock" className="size-4" />
              {post.readTime} min de leitura
            </span>
          </p>
        </header>
        {post.featuredImageUrl ? (
          <PostImage
            post={post}
            priority
            sizes={POST_IMAGE_SIZES.article}
            className="mt-8 aspect-[16/9] w-full rounded-2xl"
          />
        ) : null}
        <div
          className="prose-article mt-10 text-slate-700 dark:text-slate-300"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allowlist in the loader
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="relacionados-titulo" className="bg-slate-50 py-14 dark:bg-slate-900">
          <div className="container-page">
            <h2 id="relacionados-titulo" className="mb-8 text-2xl font-bold text-slate-900 dark:text-white">
              Artigos relacionados
            </h2>
            <ul className="grid gap-6 md:grid-cols-3">
              {related.map((item) => (
                <li key={item.id}>
                  <PostCard post={item} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <BlogCallToAction />
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
