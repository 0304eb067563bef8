import { QUOTE_FORM_HREF } from "~/lib/quote";

/** The quote call to action closing the blog list and every article. */
export function BlogCallToAction() {
  return (
    <section aria-labelledby="ajuda-titulo" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="container-page flex flex-col items-center gap-5 py-14 text-center">
        <h2 id="ajuda-titulo" className="text-3xl font-bold tracking-tight">
          Precisa de Ajuda com seu Condomínio?
        </h2>
        <p className="max-w-2xl text-lg text-brand-100">
          Nossa equipe faz a vistoria técnica e indica a solução certa para o seu edifício.
        </p>
        <a href={QUOTE_FORM_HREF} className="btn bg-accent-700 text-white hover:bg-accent-800">
          Solicitar Orçamento Gratuito
        </a>
      </div>
    </section>
  );
}
