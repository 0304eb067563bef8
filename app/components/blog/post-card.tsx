import { Icon } from "~/components/ui/icon";
import type { PostSummary } from "~/lib/blog-types";
import { formatMonthYearShort } from "~/lib/site-time";
import { POST_IMAGE_SIZES, PostImage } from "./post-image";

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <PostImage post={post} sizes={POST_IMAGE_SIZES.card} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            {post.category.name}
          </span>
          {post.publishedAt ? (
            <time dateTime={post.publishedAt} className="flex items-center gap-1">
              <Icon name="calendar" className="size-3.5" />
              {formatMonthYearShort(post.publishedAt)}
            </time>
          ) : null}
          <span className="flex items-center gap-1">
            <Icon name="clock" className="size-3.5" />
            {post.readTime} min
          </span>
        </div>
        <Heading className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
          <a
            href={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 group-hover:text-brand-700 dark:group-hover:text-brand-300"
          >
            {post.title}
          </a>
        </Heading>
        <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
      </div>
    </article>
  );
}
