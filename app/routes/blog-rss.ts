import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { listPublishedForIndex } from "~/server/posts/index.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/blog-rss";

const FEED_SIZE = 50;

export async function loader({ context }: Route.LoaderArgs) {
  const [{ site }, posts] = await Promise.all([siteSettings(context), listPublishedForIndex(FEED_SIZE)]);
  const feedUrl = absoluteUrl(site, "/blog/rss.xml");
  const items = posts
    .map((post) => {
      const url = absoluteUrl(site, `/blog/${post.slug}`);
      return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(url)}</link>
      <guid isPermaLink="true">${escapeXml(url)}</guid>
      ${post.publishedAt ? `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>` : ""}
      <category>${escapeXml(post.category.name)}</category>
      <description>${escapeXml(post.excerpt)}</description>
    </item>`;
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`Blog – ${site.name}`)}</title>
    <link>${escapeXml(absoluteUrl(site, "/blog"))}</link>
    <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml" />
    <description>${escapeXml("Artigos técnicos sobre manutenção predial para síndicos e administradoras de condomínios.")}</description>
    <language>pt-BR</language>
${posts[0]?.updatedAt ? `    <lastBuildDate>${new Date(posts[0].updatedAt).toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
