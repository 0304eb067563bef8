import { Icon } from "~/components/ui/icon";
import type { PostSummary } from "~/lib/blog-types";

export interface PostImageProps {
  post: Pick<PostSummary, "title" | "featuredImageUrl">;
  className?: string;
  priority?: boolean;
}

/** A post's featured image, or a drawn placeholder when it has none. */
export function PostImage({ post, className = "", priority = false }: PostImageProps) {
  if (!post.featuredImageUrl) {
    return (
      <div
        className={`flex items-center justify-center bg-gradient-to-br from-brand-100 to-brand-200 text-brand-800 dark:from-brand-900 dark:to-slate-900 dark:text-brand-200 ${className}`}
      >
        <Icon name="building" className="size-14 opacity-60" />
      </div>
    );
  }
  return (
    <img
      src={post.featuredImageUrl}
      alt={`Imagem do artigo: ${post.title}`}
      width={1200}
      height={675}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={`bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
    />
  );
}
