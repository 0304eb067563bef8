import type { ReactNode } from "react";
import { PageHero } from "~/components/ui/page-hero";
import { WhatsappLink } from "~/components/ui/whatsapp-link";
import { privacyFacts } from "~/config/privacy";
import { formatAddress } from "~/lib/company-settings";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { formatPublicDate } from "~/lib/site-time";
import type { Route } from "./+types/politica-de-privacidade";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Política de Privacidade",
    description:
      "Quais dados o formulário de orçamento coleta, para que são usados, por quanto tempo ficam guardados e como pedir acesso, correção ou exclusão (LGPD).",
    path: "/politica-de-privacidade",
  });

const updatedAt = formatPublicDate(new Date(`${privacyFacts.updatedAt}T12:00:00-03:00`));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

const linkClass =
  "font-semibold text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200";

export default function PoliticaDePrivacidade() {
  const site = useSite();
  // The person in charge of personal data (LGPD's encarregado), when the owner named one.
  const contact = site.privacyContact;
  const contactName = contact.name
    ? `a pessoa encarregada do tratamento de dados pessoais, ${contact.name},`
    : "a nossa equipe";
  const { leadRetentionMonths, ipRetentionHours, answerWithinDays, backupRetentionDays } = privacyFacts;
  return (
    <>
      <PageHero badge="LGPD – Lei nº 13.709/2018" title="Política de Privacidade">
        <p className="max-w-3xl text-lg text-brand-100">
          Como a {site.name} trata os dados que você envia pelo formulário de orçamento deste site.
        </p>
      </PageHero>

      <div className="container-page max-w-3xl py-14 text-slate-700 dark:text-slate-300">
        <div className="flex flex-col gap-10 leading-relaxed">
          <Section id="controlador" title="Quem é responsável pelos seus dados">
            <p>
              O controlador dos dados é {site.legalName}, CNPJ {site.cnpj}, com endereço em{" "}
              {formatAddress(site)}. Para qualquer assunto sobre privacidade, fale com {contactName} pelo
              e-mail{" "}
              <a href={`mailto:${contact.email}`} className={linkClass}>
                {contact.email}
              </a>
              .
            </p>
          </Section>

          <Section id="dados" title="Quais dados coletamos">
            <p>
              Pelo formulário de{" "}
              <a href="/contato" className={linkClass}>
                pedido de orçamento
              </a>
              , coletamos o que você preenche e de onde o pedido veio:
            </p>
            <ul className="list-disc pl-6">
              <li>nome, e-mail e telefone (obrigatórios);</li>
              <li>nome do condomínio, serviço de interesse e mensagem (opcionais);</li>
              <li>a data e a hora do envio;</li>
              <li>
                a página deste site em que você abriu o formulário, o endereço do site que trouxe você até ela
                (só o domínio) e as marcas de campanha do link, quando houver (utm_source, utm_medium,
                utm_campaign). Elas vêm do próprio pedido do navegador, sem cookies, e servem para sabermos
                quais páginas e campanhas trazem pedidos.
              </li>
            </ul>
            <p>
              Para evitar envios automáticos em massa, registramos também o endereço IP de quem envia o
              formulário, por até {ipRetentionHours} horas. Este site não usa cookies de publicidade nem de
              rastreamento.
            </p>
          </Section>

          <Section id="visitas" title="Contagem de visitas e de contatos, sem cookies">
            <p>
              Contamos as visitas às páginas deste site no nosso próprio servidor, sem cookies, sem guardar
              nada no seu navegador e sem programas de terceiros. O que fica gravado são totais por dia:
            </p>
            <ul className="list-disc pl-6">
              <li>a página visitada;</li>
              <li>o site que trouxe você até ela (só o domínio), quando houver;</li>
              <li>as marcas de campanha do link (utm_source, utm_medium, utm_campaign), quando houver;</li>
              <li>o tipo de aparelho: celular, tablet ou computador;</li>
              <li>
                quantas vezes os links de WhatsApp, telefone e e-mail de cada página foram tocados. Esses
                links levam você direto ao WhatsApp, ao telefone ou ao e-mail da empresa; ao tocar, o seu
                navegador avisa este site (em /toque) de que o link foi tocado, e contamos um toque por
                pessoa, tipo de link e página por dia.
              </li>
            </ul>
            <p>
              Para saber quantas pessoas diferentes visitaram o site em um dia, sem saber quem são, calculamos
              um código embaralhado a partir de um valor aleatório do dia, do endereço deste site, do seu
              endereço IP e da identificação do seu navegador. O endereço IP e a identificação do navegador
              não são gravados. O valor aleatório e os códigos do dia são apagados quando o dia termina
              (horário de Brasília); depois disso ficam só os totais, que não permitem saber quem visitou nem
              ligar uma visita sua a outra de outro dia.
            </p>
            <p>
              Não contamos robôs e buscadores, páginas que o navegador carrega por conta própria antes de você
              abrir, a área administrativa, as páginas de acesso nem as visitas da nossa equipe conectada.
              Essa contagem tem como base o nosso legítimo interesse em saber quais páginas e campanhas trazem
              contatos (art. 7º, IX, da LGPD).
            </p>
          </Section>

          <Section id="finalidade" title="Para que usamos">
            <p>
              Usamos os dados apenas para responder ao seu pedido: entrar em contato, agendar a visita técnica
              e enviar o orçamento. A base legal é a execução de procedimentos preliminares a um contrato, a
              seu pedido (art. 7º, V, da LGPD). O registro do endereço IP tem como base o nosso legítimo
              interesse em proteger o formulário contra abusos (art. 7º, IX); o da origem do pedido, no nosso
              legítimo interesse em saber quais páginas e campanhas trazem pedidos (art. 7º, IX). Podemos
              mandar também um e-mail confirmando que o pedido chegou, uma vez, só para o endereço que você
              digitou.
            </p>
            <p>
              Não vendemos nem compartilhamos seus dados para fins de marketing. Eles são acessados apenas
              pela nossa equipe e pelos serviços que hospedam o site e entregam os nossos e-mails, que os
              tratam somente em nosso nome.
            </p>
          </Section>

          <Section id="prazo" title="Por quanto tempo guardamos">
            <p>
              Os pedidos de orçamento são apagados automaticamente {leadRetentionMonths} meses após o envio.
              Você pode pedir a exclusão antes disso a qualquer momento. Se o pedido virar um contrato, os
              dados necessários passam a ser guardados pelo prazo que a lei exige para contratos e documentos
              fiscais.
            </p>
            <p>
              Para não perder dados em caso de falha, fazemos cópias de segurança do site, que guardamos por
              até {backupRetentionDays} dias. Um pedido apagado pode continuar nessas cópias até elas serem
              descartadas, mas a exclusão vale também para elas: se precisarmos restaurar uma cópia, os
              pedidos que você pediu para apagar são apagados de novo.
            </p>
            <p>
              Quando apagamos seus dados a seu pedido, guardamos só um registro de que a exclusão foi feita,
              com um código calculado a partir do seu e-mail e do seu telefone, e não os dados em si. Ele
              serve para que a exclusão continue valendo e para confirmarmos que ela foi feita.
            </p>
          </Section>

          <Section id="direitos" title="Seus direitos e como pedir a exclusão">
            <p>
              Você pode pedir a confirmação de que tratamos seus dados, o acesso a eles, a correção, a
              exclusão, a portabilidade e informações sobre com quem foram compartilhados (art. 18 da LGPD).
              Para isso, envie um e-mail para{" "}
              <a href={`mailto:${contact.email}?subject=Privacidade`} className={linkClass}>
                {contact.email}
              </a>{" "}
              com o assunto “Privacidade”, ou fale conosco pelo{" "}
              <WhatsappLink className={linkClass}>WhatsApp {site.phoneDisplay}</WhatsappLink>. Respondemos em
              até {answerWithinDays} dias.
            </p>
            <p>
              Informe o e-mail ou o telefone que você usou no formulário: com ele encontramos tudo o que o
              site guarda sobre você, os pedidos de orçamento (com a página de onde vieram e as anotações da
              nossa equipe) e os e-mails enviados sobre eles. Se pedir acesso, enviamos uma cópia completa em
              um arquivo no formato JSON, que você pode abrir ou levar para outro serviço. Se pedir a
              exclusão, apagamos tudo de uma vez e avisamos quando estiver feito. Para proteger seus dados,
              enviamos a resposta só para o e-mail ou o telefone informado no pedido.
            </p>
            <p>
              Se entender que seus direitos não foram atendidos, você também pode procurar a Autoridade
              Nacional de Proteção de Dados (ANPD).
            </p>
          </Section>

          <Section id="seguranca" title="Segurança">
            <p>
              Os dados ficam em servidores com acesso restrito à nossa equipe, protegido por senha, e trafegam
              de forma criptografada quando o site é acessado por HTTPS.
            </p>
          </Section>

          <p className="text-sm text-slate-600 dark:text-slate-400">Última atualização: {updatedAt}.</p>
        </div>
      </div>
    </>
  );
}
