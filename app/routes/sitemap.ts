import { siteDefaults } from "~/config/site-env.server";
import { absoluteUrl } from "~/lib/seo";
import { staticSitemapPaths } from "~/lib/sitemap-pages";
import { escapeXml } from "~/lib/xml";
import { listPublishedSlugs } from "~/server/blog/public-posts.server";

export async function loader() {
  const site = siteDefaults();
  const posts = await listPublishedSlugs();
  const newest = posts[0]?.updatedAt;
  const entries = [
    ...staticSitemapPaths.map((path) => ({
      loc: absoluteUrl(site, path),
      lastmod: path === "/blog" ? newest : undefined,
    })),
    ...posts.map((post) => ({ loc: absoluteUrl(site, `/blog/${post.slug}`), lastmod: post.updatedAt })),
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
