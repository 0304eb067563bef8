import { siteDefaults } from "~/config/site-env.server";
import { absoluteUrl } from "~/lib/seo";
import { staticSitemapPaths } from "~/lib/sitemap-pages";
import { workHref } from "~/lib/works";
import { escapeXml } from "~/lib/xml";
import { listPublishedSlugs } from "~/server/posts/index.server";
import { listPublishedWorkSlugs } from "~/server/works/index.server";

export async function loader() {
  const site = siteDefaults();
  const [posts, works] = await Promise.all([listPublishedSlugs(), listPublishedWorkSlugs()]);
  const newest = posts[0]?.updatedAt;
  const entries = [
    ...staticSitemapPaths.map((path) => ({
      loc: absoluteUrl(site, path),
      lastmod: path === "/blog" ? newest : undefined,
    })),
    ...posts.map((post) => ({ loc: absoluteUrl(site, `/blog/${post.slug}`), lastmod: post.updatedAt })),
    // Published works only (migration 0009 names the sitemap when one changes).
    ...works.map((work) => ({ loc: absoluteUrl(site, workHref(work.slug)), lastmod: work.updatedAt })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map(
    (e) =>
      `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}</url>`,
  )
  .join("\n")}
</urlset>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
