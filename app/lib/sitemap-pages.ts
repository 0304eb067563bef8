/** The public pages listed in the sitemap besides the posts. */
export const staticSitemapPaths = [
  "/",
  "/servicos",
  "/obras",
  "/blog",
  "/contato",
  "/politica-de-privacidade",
];
