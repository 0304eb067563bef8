import { BENCH_WORK_PATH } from "../bench-work.ts";

/** Every public page: the 404 page is not one (nothing to rank), the admin and /auth neither. */
export const PUBLIC_PAGES = [
  "/",
  "/servicos",
  "/obras",
  // A work with 12 photos from a phone (bench-work.ts), seeded after the server starts.
  BENCH_WORK_PATH,
  "/contato",
  "/blog",
  "/blog?categoria=fachadas",
  "/blog/plano-de-manutencao-nbr-5674",
  "/politica-de-privacidade",
];

/** The admin, signed in: its home, the quote requests (seeded, see lighthouse-admin.ts), the works. */
export const ADMIN_PAGES = ["/admin/inicio", "/admin/solicitacoes", "/admin/obras"];
