import { BlogCallToAction } from "~/components/blog/blog-cta";
import { PostCard } from "~/components/blog/post-card";
import { POST_IMAGE_SIZES, PostImage } from "~/components/blog/post-image";
import { Icon } from "~/components/ui/icon";
import type { PostDetail, PostSummary } from "~/lib/blog-types";
import { formatArticleDate } from "~/lib/site-time";

export interface ArticleViewProps {
  post: PostDetail;
  related: PostSummary[];
}

/**
 * An article as the public blog shows it: the published page, and the previews of drafts
 * (docs/decisions/0028), so a preview looks exactly like the page it will become. The
 * content must already be sanitised.
 */
export function ArticleView({ post, related }: ArticleViewProps) {
  return (
    <>
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
