import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  // media routes
  // quote routes
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("servicos", "routes/servicos.tsx"),
    route("obras", "routes/obras.tsx"),
    route("contato", "routes/contato.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
