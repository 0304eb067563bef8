import { useNonce } from "~/lib/nonce";

/** The site's 404 page (its fixed strings), for the catch-all route and unknown records. */
export function NotFoundContent({ path }: { path: string }) {
  const nonce = useNonce();
  // The spec logs the unknown path in the browser console too; the page ships no bundle, so
  // a one-line inline script does it.
  const log = `console.error(${JSON.stringify(`404 Error: User attempted to access non-existent route: ${path}`).replace(/</g, "\\u003c")});`;
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-5 py-20 text-center">
      <h1 className="text-7xl font-extrabold text-brand-800 dark:text-brand-300">404</h1>
      <p className="text-xl text-slate-700 dark:text-slate-300">Oops! Page not found</p>
      <a href="/" className="btn bg-accent-700 text-white hover:bg-accent-800">
        Voltar para o início
      </a>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-escaped constant */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: log }} />
    </section>
  );
}
