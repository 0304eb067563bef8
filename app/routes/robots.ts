import { siteDefaults } from "~/config/site-env.server";

export function loader() {
  const site = siteDefaults();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "",
    `Sitemap: ${site.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
