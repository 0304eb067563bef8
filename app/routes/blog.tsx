import { data, redirect } from "react-router";
import { BlogCallToAction } from "~/components/blog/blog-cta";
import { BlogSearchForm } from "~/components/blog/blog-search-form";
import { LoadMoreScript } from "~/components/blog/load-more-script";
import { PostCard } from "~/components/blog/post-card";
import { POST_IMAGE_SIZES, PostImage } from "~/components/blog/post-image";
import { NoSearchResults, SearchSummary } from "~/components/blog/search-summary";
import { HeroBadge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { blogListHref } from "~/lib/blog-href";
import { parseBlogQuery } from "~/lib/blog-query";
import { SEARCH_TOO_LONG_MESSAGE } from "~/lib/blog-search-limits";
import { BLOG_PAGE_SIZE } from "~/lib/blog-types";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { formatMonthYear } from "~/lib/site-time";
import { getBlogListing, listPublicCategories, searchPublishedPosts } from "~/server/posts/index.server";
import { mediaTags, renderTagsInit } from "~/server/render-cache/index.server";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseBlogQuery(new URL(request.url).searchParams);
  const categories = await listPublicCategories();
  const category = query.categorySlug ? categories.find((c) => c.slug === query.categorySlug) : undefined;
  if (query.categorySlug && !category) {
    throw redirect(blogListHref({ categorySlug: null, visible: BLOG_PAGE_SIZE, search: query.search }));
  }
  const shared = { categories, category: category ?? null, visible: query.visible };

  // A search (never in the render cache: see cacheablePage) lists every match, best first.
  if (query.search !== null) {
    const search = { search: query.search, featured: null };
    if (query.searchTooLong) {
      const refused = {
        ...shared,
        ...search,
        posts: [],
        hasMore: false,
        total: 0,
        searchError: SEARCH_TOO_LONG_MESSAGE,
      };
      return data(refused, { status: 400 });
    }
    const results = await searchPublishedPosts(query.search, category?.id ?? null, query.visible);
    return data({ ...shared, ...search, ...results, searchError: null });
  }

  const listing = await getBlogListing(category?.id ?? null, query.visible);
  // The render cache forgets this list when an image it shows gets another alt text.
  const shown = listing.featured ? [listing.featured, ...listing.posts] : listing.posts;
  const tags = mediaTags(shown.flatMap((post) => (post.featuredImage ? [post.featuredImage.hash] : [])));
  return data({ ...shared, ...listing, search: null, total: null, searchError: null }, renderTagsInit(tags));
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const category = loaderData?.category;
  const search = loaderData?.search;
  if (search) {
    // Result pages are endless and thin: search engines index the list and the articles.
    return pageMeta(siteFromMatches(matches), {
      title: `Busca: “${search}” – Blog`,
      description: `Artigos do blog sobre “${search}”.`,
      path: "/blog",
      noindex: true,
    });
  }
  return pageMeta(siteFromMatches(matches), {
    title: category ? `${category.name} – Blog` : "Blog: manutenção predial para condomínios",
    description: category
      ? `Artigos sobre ${category.name.toLowerCase()} em condomínios: orientações técnicas para síndicos e administradoras.`
      : "Artigos técnicos sobre impermeabilização, fachadas, inspeções e manutenção preventiva para síndicos e administradoras de condomínios.",
    path: category ? `/blog?categoria=${category.slug}` : "/blog",
  });
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Blog – artigos técnicos", href: "/blog/rss.xml" },
];

function CategoryChips({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { categories, category, search } = loaderData;
  const chip = (active: boolean) =>
    `inline-block rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
      active
        ? "border-brand-800 bg-brand-800 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950"
        : "border-slate-300 bg-white text-slate-700 hover:border-brand-700 hover:text-brand-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    }`;
  return (
    <nav id="categorias" aria-label="Categorias do blog">
      <ul className="flex flex-wrap gap-2">
        <li>
          <a
            href={blogListHref({ categorySlug: null, visible: BLOG_PAGE_SIZE, search })}
            aria-current={category === null ? "page" : undefined}
            className={chip(category === null)}
          >
            Todos
          </a>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <a
              href={blogListHref({ categorySlug: c.slug, visible: BLOG_PAGE_SIZE, search })}
              aria-current={category?.id === c.id ? "page" : undefined}
              className={chip(category?.id === c.id)}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FeaturedPost({ post }: { post: NonNullable<Route.ComponentProps["loaderData"]["featured"]> }) {
  return (
    <article
      aria-labelledby="destaque-titulo"
      className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <PostImage
        post={post}
        priority
        sizes={POST_IMAGE_SIZES.featured}
        className="aspect-[16/9] size-full lg:aspect-auto lg:min-h-80"
      />
      <div className="flex flex-col justify-center gap-4 p-6 sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold text-accent-700 dark:text-accent-400">
          <Icon name="star" className="size-4" /> Artigo em destaque
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            {post.category.name}
          </span>
          {post.publishedAt ? (
            <time dateTime={post.publishedAt}>{formatMonthYear(post.publishedAt)}</time>
          ) : null}
          <span>{post.readTime} min de leitura</span>
        </div>
        <h2 id="destaque-titulo" className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {post.title}
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{post.excerpt}</p>
        <a
          href={`/blog/${post.slug}`}
          className="btn w-fit bg-brand-800 text-white hover:bg-brand-900 dark:bg-brand-300 dark:text-slate-950 dark:hover:bg-brand-200"
        >
          Ler Artigo Completo
          <span className="sr-only">: {post.title}</span>
          <Icon name="arrow-right" className="size-5" />
        </a>
      </div>
    </article>
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { category, featured, posts, hasMore, visible, search, total, searchError } = loaderData;
  const empty = !featured && posts.length === 0;
  const nextVisible = visible + BLOG_PAGE_SIZE;

  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 text-white">
        <div className="container-page flex flex-col gap-5 py-16 sm:py-20">
          <HeroBadge>Blog técnico</HeroBadge>
          <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Conhecimento para cuidar do seu condomínio
          </h1>
          <p className="max-w-3xl text-lg text-brand-100">
            Orientações da nossa equipe de engenharia sobre impermeabilização, fachadas, normas técnicas e
            manutenção preventiva, escritas para síndicos e administradoras.
          </p>
        </div>
      </section>

      <div className="container-page flex flex-col gap-10 py-12">
        <div className="flex flex-col gap-6">
          <BlogSearchForm search={search} categorySlug={category?.slug ?? null} error={searchError} />
          <CategoryChips loaderData={loaderData} />
        </div>

        {search !== null && total !== null && !searchError ? (
          <SearchSummary search={search} total={total} category={category} />
        ) : null}

        <p id="blog-status" role="status" className="text-slate-600 empty:hidden dark:text-slate-400" />
        <div id="blog-results" className="flex flex-col gap-10">
          {empty && search !== null && !searchError ? (
            <NoSearchResults search={search} category={category} />
          ) : null}
          {empty && search === null ? (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-600 dark:border-slate-700 dark:text-slate-400">
              {category
                ? `Nenhum artigo encontrado para "${category.name}".`
                : "Nenhum artigo publicado ainda."}
            </p>
          ) : null}

          {featured ? <FeaturedPost post={featured} /> : null}

          {posts.length > 0 ? (
            <section aria-label="Artigos">
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                {posts.map((post, index) => (
                  <li key={post.id} id={`artigo-${index + 1}`}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {hasMore ? (
            <div className="text-center">
              <a
                href={`${blogListHref({ categorySlug: category?.slug ?? null, visible: nextVisible, search })}#artigo-${visible + 1}`}
                data-load-more
                className="btn border-2 border-brand-800 text-brand-800 hover:bg-brand-800 hover:text-white dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-300 dark:hover:text-slate-950"
              >
                Carregar Mais Artigos
              </a>
            </div>
          ) : null}
        </div>
      </div>

      <BlogCallToAction />
      <LoadMoreScript />
    </>
  );
}
