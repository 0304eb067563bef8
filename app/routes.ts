import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("media/:hash/:file", "routes/media-file.ts"),
  route("admin/api/upload", "routes/admin-api-upload.ts"),
  route("admin/api/generate-image", "routes/admin-api-generate-image.ts"),
  route("admin/api/midia", "routes/admin-api-midia.ts"),
  // media routes
  // quote routes
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("servicos", "routes/servicos.tsx"),
    route("obras", "routes/obras.tsx"),
    route("contato", "routes/contato.tsx"),
    route("politica-de-privacidade", "routes/politica-de-privacidade.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    route("auth", "routes/auth.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/posts/novo", "routes/admin-posts-novo.tsx"),
    route("admin/posts/:id", "routes/admin-posts-editar.tsx"),
    route("admin/categorias", "routes/admin-categorias.tsx"),
    route("admin/servicos", "routes/admin-servicos.tsx"),
    route("admin/servicos/novo", "routes/admin-servicos-novo.tsx"),
    route("admin/servicos/:id", "routes/admin-servicos-editar.tsx"),
    route("admin/pagina-inicial", "routes/admin-pagina-inicial.tsx"),
    route("admin/midia", "routes/admin-midia.tsx"),
    route("admin/midia/:id", "routes/admin-midia-imagem.tsx"),
    route("admin/sair", "routes/admin-sair.ts"),
    route("admin/solicitacoes", "routes/admin-solicitacoes.tsx"),
    route("admin/solicitacoes.csv", "routes/admin-solicitacoes-csv.ts"),
    route("admin/solicitacoes/:id", "routes/admin-solicitacoes-detalhe.tsx"),
    route("admin/configuracoes", "routes/admin-configuracoes.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
