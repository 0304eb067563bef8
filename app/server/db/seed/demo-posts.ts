/**
 * Demo blog content used to seed the database in development and demos.
 *
 * Content is plain HTML limited to: h2, h3, p, ul, ol, li, strong, em,
 * a (href only), blockquote and br. The company's name, phone and e-mail are
 * never written here: they come from the site configuration.
 */

export interface DemoCategory {
  name: string;
  slug: string;
}

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  categorySlug: string;
  status: "draft" | "published" | "archived";
  featured: boolean;
  readTime: number;
  publishedAt: string | null;
  createdAt: string;
  featuredImageUrl: string | null;
}

export const demoCategories: DemoCategory[] = [
  { name: "Impermeabilização", slug: "impermeabilizacao" },
  { name: "Fachadas", slug: "fachadas" },
  { name: "Manutenção Preventiva", slug: "manutencao-preventiva" },
  { name: "Normas e Inspeções", slug: "normas-e-inspecoes" },
  { name: "Gestão de Condomínios", slug: "gestao-de-condominios" },
];

export const demoPosts: DemoPost[] = [
  {
    title: "Temporada de chuvas 2024/2025: agenda de vistorias preventivas até março",
    slug: "agenda-de-vistorias-preventivas-verao-2024-2025",
    excerpt:
      "Aviso sobre a agenda especial de vistorias preventivas em coberturas, fachadas e garagens durante o verão 2024/2025, válida até 31 de março de 2025.",
    content: `<h2>Agenda especial para o verão 2024/2025</h2>
<p>O verão costuma concentrar as chuvas mais intensas do ano em Curitiba, com temporais de fim de tarde que colocam à prova coberturas, calhas, ralos e fachadas. É nessa época que pequenas falhas de impermeabilização viram goteiras e que placas de revestimento já sem aderência acabam se soltando.</p>
<p>Pensando nisso, nossa equipe abriu uma <strong>agenda especial de vistorias preventivas</strong> para condomínios, válida de dezembro de 2024 até <strong>31 de março de 2025</strong>. O objetivo é ajudar síndicos a identificar pontos críticos antes que causem danos maiores.</p>
<p>A iniciativa é voltada principalmente a prédios que não passaram por inspeção recente, que tiveram problemas nas chuvas do ano anterior ou que planejam obras para 2025 e querem usar o relatório como ponto de partida da previsão orçamentária. Também atendemos condomínios que acabaram de trocar de gestão e querem conhecer o estado das áreas comuns recebidas.</p>

<h2>O que a vistoria inclui</h2>
<ul>
<li>inspeção visual da cobertura, das calhas, dos rufos e dos ralos;</li>
<li>verificação dos rodapés e dos pontos singulares da impermeabilização em terraços e áreas externas;</li>
<li>observação das fachadas a partir do solo e dos pavimentos acessíveis, com atenção a placas soltas, fissuras e selantes envelhecidos;</li>
<li>avaliação de sinais de infiltração em garagens e subsolos;</li>
<li>relatório simplificado com fotos e recomendações, separadas por grau de urgência.</li>
</ul>
<p>A vistoria tem caráter preventivo e <em>não substitui</em> uma inspeção predial completa nem um laudo técnico. Quando identificamos situações que exigem investigação mais aprofundada, indicamos no relatório os próximos passos recomendados.</p>

<h2>Como agendar</h2>
<ol>
<li>Envie uma solicitação pela página de contato, informando o endereço, o número de pavimentos e os principais problemas percebidos.</li>
<li>Nossa equipe retorna para combinar data e horário, de preferência com a presença do síndico ou do zelador.</li>
<li>O relatório é enviado em até dez dias úteis após a visita.</li>
</ol>
<p>As datas são distribuídas por ordem de solicitação. Em semanas com previsão de chuva contínua, algumas visitas podem ser remarcadas, já que parte da inspeção depende de acesso seguro à cobertura.</p>
<p>Para que a visita seja produtiva, vale separar com antecedência as informações disponíveis: o manual de uso, operação e manutenção do edifício, laudos anteriores, registros de obras recentes e a lista de reclamações dos moradores relacionadas a goteiras, manchas ou infiltrações. Também é importante garantir, no dia combinado, o acesso à cobertura, à casa de máquinas e aos reservatórios.</p>

<h2>Cuidados até a vistoria</h2>
<p>Enquanto a visita não acontece, algumas medidas simples reduzem o risco de danos durante os temporais:</p>
<ul>
<li>limpe ralos, calhas e grelhas, retirando folhas e resíduos acumulados;</li>
<li>verifique se os extravasores dos reservatórios estão desobstruídos;</li>
<li>oriente os moradores a não deixar objetos soltos em sacadas e terraços;</li>
<li>registre com fotos qualquer mancha nova, goteira ou placa de revestimento solta e comunique a administração;</li>
<li>isole imediatamente a área abaixo de qualquer trecho de fachada com risco de queda de material.</li>
</ul>
<p>Se o seu condomínio já enfrenta goteiras ou infiltrações, não é preciso esperar pela data agendada: descreva a situação no contato e avaliaremos a prioridade do atendimento. <a href="/contato">Solicite sua vistoria</a>.</p>`,
    categorySlug: "manutencao-preventiva",
    status: "archived",
    featured: false,
    readTime: 3,
    publishedAt: "2025-02-04T13:00:00.000Z",
    createdAt: "2025-01-30T17:20:00.000Z",
    featuredImageUrl: null,
  },
  {
    title: "Impermeabilização de lajes e terraços: o que pedem as NBR 9575 e 9574",
    slug: "impermeabilizacao-de-lajes-e-terracos-nbr-9575-e-9574",
    excerpt:
      "Entenda como as NBR 9575 e 9574 orientam o projeto e a execução da impermeabilização de lajes e terraços, e quais cuidados evitam infiltrações recorrentes.",
    content: `<h2>Por que a impermeabilização merece projeto</h2>
<p>Lajes de cobertura e terraços estão entre as áreas mais expostas de um edifício. Recebem chuva, sol, variações bruscas de temperatura e, em muitos casos, tráfego de pessoas e equipamentos. Quando a impermeabilização falha, a água encontra caminho por fissuras, ralos e encontros com paredes, e o dano quase sempre aparece longe do ponto de entrada: no teto do apartamento de baixo, na garagem ou na fachada.</p>
<p>Por isso as normas técnicas tratam o tema em duas etapas. A <strong>ABNT NBR 9575</strong> trata da seleção e do projeto de impermeabilização, e a <strong>ABNT NBR 9574</strong>, da execução. Na prática, a escolha do sistema não deve ser feita no balcão da loja nem apenas pelo preço do metro quadrado: ela depende do tipo de solicitação que a área vai sofrer.</p>

<h2>O que o projeto precisa definir</h2>
<p>Um bom projeto de impermeabilização responde a perguntas simples, mas decisivas:</p>
<ul>
<li><strong>Qual é a solicitação da água?</strong> Água de chuva escoando, água acumulada, umidade do solo ou pressão de lençol freático exigem soluções diferentes.</li>
<li><strong>A estrutura se movimenta?</strong> Lajes expostas ao sol dilatam e contraem; nesses casos, sistemas flexíveis, como mantas asfálticas ou membranas, costumam ser mais indicados do que sistemas rígidos.</li>
<li><strong>Haverá tráfego?</strong> Terraços em uso precisam de proteção mecânica sobre a impermeabilização, e a espessura total do conjunto interfere em soleiras e ralos.</li>
<li><strong>Como a água será escoada?</strong> O caimento em direção aos ralos, a quantidade e a posição dos coletores e o tratamento das juntas fazem parte do projeto.</li>
</ul>
<p>O projeto também detalha os <em>pontos singulares</em>, que são justamente onde ocorre a maior parte das falhas: ralos, tubulações que atravessam a laje, juntas de dilatação, soleiras de portas, bases de equipamentos e o encontro da laje com platibandas e paredes. Nesses encontros, a impermeabilização deve subir pelo plano vertical, em geral cerca de 20 cm acima do piso acabado, e receber proteção, para que a água não contorne a camada impermeável.</p>

<h2>Execução: onde os detalhes fazem diferença</h2>
<p>A NBR 9574 descreve a sequência de execução, e alguns cuidados merecem atenção do síndico durante a obra:</p>
<ol>
<li><strong>Preparo da base:</strong> a superfície deve estar limpa, firme e regularizada, com cantos arredondados e o caimento correto já na camada de regularização.</li>
<li><strong>Aplicação do sistema:</strong> respeitar o número de demãos ou camadas, as sobreposições das mantas e os tempos de secagem indicados pelo fabricante.</li>
<li><strong>Teste de estanqueidade:</strong> antes da proteção mecânica, a área é mantida com lâmina d'água por no mínimo 72 horas para verificar se há vazamentos. É a última chance de corrigir falhas sem quebrar piso.</li>
<li><strong>Proteção:</strong> a proteção mecânica e o revestimento final devem ser executados sem perfurar ou danificar a impermeabilização.</li>
</ol>
<p>Vale lembrar que o clima também entra no cronograma. Em Curitiba, a chuva é frequente ao longo de todo o ano e a umidade do ar costuma ser alta, o que alonga os tempos de secagem e pede um planejamento com folga. Aplicar produto sobre base úmida, ou às pressas para aproveitar uma janela curta de sol, é causa comum de bolhas e descolamentos.</p>

<h2>Manutenção depois da entrega</h2>
<p>Nenhuma impermeabilização dura indefinidamente sem cuidado. Ralos entupidos por folhas, jardineiras com raízes agressivas, furos feitos para fixar antenas ou toldos e trocas de piso sem critério estão entre as causas mais comuns de falha em sistemas que estavam em bom estado. Recomenda-se incluir no plano de manutenção:</p>
<ul>
<li>a limpeza periódica de ralos, grelhas e calhas, com reforço antes da temporada de temporais;</li>
<li>a inspeção de rodapés, rufos e selantes;</li>
<li>a proibição de perfurações na laje sem avaliação técnica prévia.</li>
</ul>
<p>Se o seu condomínio convive com manchas ou goteiras recorrentes, o primeiro passo é um diagnóstico, e não a troca imediata de todo o sistema. Muitas vezes o problema está em um ponto específico que pode ser tratado. Para avaliar a cobertura ou o terraço do seu prédio, <a href="/contato">fale com nossa equipe</a>.</p>`,
    categorySlug: "impermeabilizacao",
    status: "published",
    featured: true,
    readTime: 4,
    publishedAt: "2025-02-18T12:30:00.000Z",
    createdAt: "2025-02-13T14:10:00.000Z",
    featuredImageUrl: "/illustrations/servico-impermeabilizacao.svg",
  },
  {
    title: "Descolamento de cerâmica na fachada: causas, riscos e como agir",
    slug: "descolamento-de-ceramica-na-fachada",
    excerpt:
      "Placas com som cavo e rejuntes trincados são sinais de alerta. Veja por que o revestimento cerâmico se solta, o que diz a NBR 13755 e como o síndico deve agir.",
    content: `<h2>Um problema que exige resposta rápida</h2>
<p>O desplacamento de revestimento cerâmico é uma das patologias mais sérias em fachadas, porque envolve risco direto a pessoas. Uma placa que se solta do alto de um edifício pode atingir pedestres, veículos e áreas de lazer. Além disso, o problema costuma ser progressivo: quando as primeiras peças caem, é comum que uma área bem maior já esteja sem aderência.</p>
<p>Na maioria dos casos, porém, existem sinais anteriores. Placas com <strong>som cavo</strong> quando percutidas, rejuntes trincados em linhas contínuas, peças levemente estufadas ou desalinhadas e manchas de umidade junto às juntas indicam que o sistema está perdendo aderência.</p>

<h2>Por que as placas se soltam</h2>
<p>A <strong>ABNT NBR 13755</strong> estabelece requisitos para projeto, execução, inspeção e aceitação de revestimentos cerâmicos de fachadas e paredes externas assentados com argamassa colante. Quando se analisa um desplacamento, as causas quase sempre envolvem um ou mais pontos tratados pela norma:</p>
<ul>
<li><strong>Ausência ou deficiência de juntas de movimentação:</strong> sem juntas que permitam a dilatação do revestimento, as tensões se acumulam até romper a aderência.</li>
<li><strong>Assentamento inadequado:</strong> argamassa aplicada com o tempo em aberto vencido, falta de dupla colagem (argamassa na base e no verso da placa) ou preenchimento incompleto do tardoz.</li>
<li><strong>Infiltração de água:</strong> rejuntes e selantes deteriorados deixam a água chegar à argamassa colante, acelerando a perda de aderência.</li>
<li><strong>Movimentações da estrutura e da base:</strong> deformações de vigas e lajes, retração do emboço e fissuras no substrato.</li>
</ul>
<p>O clima pesa bastante nessa equação. Curitiba tem amplitude térmica diária marcante: fachadas que amanhecem frias podem receber sol forte poucas horas depois, sobretudo as voltadas para o norte e para o oeste. Esse ciclo de aquecimento e resfriamento, repetido ao longo de anos, solicita continuamente a interface entre placa, argamassa e base. Somado à umidade frequente, ele explica por que juntas de movimentação bem projetadas e bem seladas são indispensáveis na região.</p>

<h2>O que fazer ao identificar o problema</h2>
<p>Ao primeiro sinal de placa caída ou de som cavo, a prioridade é a segurança. A sequência recomendada é:</p>
<ol>
<li><strong>Isolar a área de risco</strong> no térreo, com sinalização e, se necessário, bandejas de proteção ou telas.</li>
<li><strong>Contratar uma inspeção técnica</strong> para mapear a fachada por percussão, identificar as regiões sem aderência e investigar a causa.</li>
<li><strong>Realizar ensaios quando indicado</strong>, como o de resistência de aderência à tração, para saber se o revestimento remanescente pode ser mantido.</li>
<li><strong>Definir a solução em projeto</strong>: recolocação localizada, execução ou correção das juntas de movimentação ou, em casos extensos, substituição do revestimento em panos inteiros.</li>
</ol>
<p>Remover apenas as peças soltas e recolocá-las com a mesma técnica costuma resolver <em>pouco</em>. Se a causa, como a falta de juntas, não for corrigida, o desplacamento tende a voltar nas áreas vizinhas.</p>

<h2>Responsabilidade e planejamento</h2>
<p>O síndico responde pela conservação das áreas comuns, e a fachada é uma delas. Deixar um risco conhecido sem providência pode gerar responsabilidade para o condomínio em caso de acidente. Por isso, a fachada deve constar do plano de manutenção, com inspeções periódicas e registro de todas as intervenções.</p>
<p>Uma restauração bem feita envolve diagnóstico, projeto, mão de obra treinada para trabalho em altura e acompanhamento técnico do início ao fim. Conheça como atuamos em <a href="/servicos">restauração de fachadas</a> ou <a href="/contato">solicite uma avaliação</a> com nossa equipe.</p>`,
    categorySlug: "fachadas",
    status: "published",
    featured: true,
    readTime: 3,
    publishedAt: "2025-04-09T11:00:00.000Z",
    createdAt: "2025-04-04T15:40:00.000Z",
    featuredImageUrl: "/illustrations/servico-restauracao-fachadas.svg",
  },
  {
    title: "Plano de manutenção pela NBR 5674: por onde o síndico começa",
    slug: "plano-de-manutencao-nbr-5674",
    excerpt:
      "A NBR 5674 organiza a manutenção do prédio como um sistema de gestão, com programa, responsáveis e registros. Veja como montar o plano do seu condomínio.",
    content: `<h2>Manutenção não é só conserto</h2>
<p>Em muitos condomínios, a manutenção ainda acontece no ritmo das emergências: o portão quebra, chama-se o técnico; aparece uma goteira, contrata-se alguém para resolver. Esse modelo parece econômico no curto prazo, mas sai caro. Reparos emergenciais custam mais, costumam ser feitos sem planejamento e raramente atacam a causa do problema.</p>
<p>A <strong>ABNT NBR 5674</strong> propõe outra lógica. Ela estabelece requisitos para o <em>sistema de gestão de manutenção</em> de edificações, com o objetivo de preservar o desempenho previsto em projeto ao longo da vida útil do prédio. Em outras palavras, manter o edifício funcionando bem passa a ser um processo organizado, com programa, registros e responsáveis definidos.</p>

<h2>Os tipos de manutenção</h2>
<p>A norma diferencia três naturezas de serviço, e entender essa divisão ajuda a organizar o orçamento:</p>
<ul>
<li><strong>Manutenção rotineira:</strong> serviços com fluxo constante, padronizados e cíclicos, como a limpeza geral e a lavagem de áreas comuns.</li>
<li><strong>Manutenção corretiva:</strong> serviços que exigem intervenção imediata para permitir a continuidade do uso ou evitar riscos e prejuízos aos usuários.</li>
<li><strong>Manutenção preventiva:</strong> serviços programados com antecedência, com base nas solicitações dos usuários, na durabilidade esperada dos sistemas e nos relatórios de inspeção.</li>
</ul>
<p>O objetivo de um bom plano é aumentar a parcela preventiva e reduzir a corretiva. Quanto mais previsível for a manutenção, mais fácil é distribuir os custos e evitar chamadas extras.</p>

<h2>Como montar o programa de manutenção</h2>
<p>O ponto de partida é o <strong>manual de uso, operação e manutenção</strong> entregue pela construtora, elaborado conforme a ABNT NBR 14037. Ele indica os sistemas do edifício, as periodicidades e os cuidados específicos. Em prédios mais antigos, em que o manual não existe ou se perdeu, uma inspeção predial ajuda a levantar os sistemas e o seu estado atual.</p>
<p>Com essas informações, o programa pode ser organizado em etapas:</p>
<ol>
<li><strong>Inventário dos sistemas:</strong> estrutura, fachadas, coberturas e impermeabilizações, instalações hidráulicas, elétricas e de gás, elevadores, sistemas de combate a incêndio, esquadrias, pisos e áreas externas.</li>
<li><strong>Periodicidade de cada atividade:</strong> o que é verificado mensalmente, semestralmente, anualmente ou em ciclos mais longos.</li>
<li><strong>Responsável por cada tarefa:</strong> a norma distingue a equipe de manutenção local, a empresa capacitada e a empresa especializada, conforme a complexidade do serviço.</li>
<li><strong>Previsão de recursos:</strong> estimativa de custo e de período de execução, alinhada à previsão orçamentária do condomínio.</li>
<li><strong>Registros:</strong> notas fiscais, contratos, laudos, fotos e relatórios arquivados de forma que qualquer pessoa consiga reconstituir o histórico.</li>
</ol>

<h3>Exemplos de periodicidade</h3>
<p>As frequências exatas dependem do manual e das condições de cada edifício, mas alguns exemplos ajudam a visualizar o plano: limpeza de ralos e calhas da cobertura com mais frequência na época de chuvas e de queda de folhas; verificação anual de rejuntes e selantes de áreas molhadas; inspeção visual das fachadas todos os anos, com inspeção detalhada em ciclos mais longos; e higienização dos reservatórios de água, normalmente a cada seis meses.</p>

<h2>O papel do síndico</h2>
<p>A norma atribui ao proprietário, e no condomínio ao síndico, a responsabilidade pela manutenção das áreas comuns. Isso não significa executar tudo pessoalmente, e sim garantir que o programa exista, seja cumprido e esteja documentado. Uma pasta organizada de registros protege o condomínio em discussões de garantia com a construtora, em sinistros com a seguradora e na transição entre gestões.</p>
<p>Em Curitiba, vale considerar o clima no calendário: serviços externos como pintura e impermeabilização rendem melhor em períodos com menos chuva prevista, enquanto a limpeza de calhas e ralos deve anteceder os temporais de verão. Se quiser ajuda para estruturar o plano do seu prédio, <a href="/contato">converse com nossa equipe</a>.</p>`,
    categorySlug: "manutencao-preventiva",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2025-05-22T12:00:00.000Z",
    createdAt: "2025-05-18T13:25:00.000Z",
    featuredImageUrl: "/illustrations/obra-03.svg",
  },
  {
    title: "Quando repintar a fachada: tinta acrílica ou elastomérica?",
    slug: "quando-repintar-a-fachada-tinta-acrilica-ou-elastomerica",
    excerpt:
      "Calcinação, bolor e microfissuras indicam que a pintura perdeu a função de proteger. Compare tinta acrílica e elastomérica considerando o clima de Curitiba.",
    content: `<h2>Sinais de que a pintura chegou ao fim</h2>
<p>A pintura de uma fachada não serve apenas à estética. Ela é uma camada de proteção que reduz a absorção de água pelo reboco, dificulta a proliferação de fungos e ajuda a preservar a alvenaria e a estrutura. Quando essa película envelhece, a proteção diminui antes mesmo de a aparência ficar ruim.</p>
<p>Alguns sinais indicam que é hora de planejar a repintura:</p>
<ul>
<li><strong>Calcinação:</strong> ao passar a mão na parede, ela fica com um pó da cor da tinta.</li>
<li><strong>Desbotamento acentuado</strong>, principalmente nas faces mais expostas ao sol.</li>
<li><strong>Bolor e manchas escuras</strong> que voltam pouco tempo depois da lavagem.</li>
<li><strong>Descascamento, bolhas e fissuras</strong> na película ou no reboco.</li>
<li><strong>Manchas de escorrimento</strong> sob peitoris, pingadeiras e beirais.</li>
</ul>
<p>Não existe um prazo único para todas as fachadas. O intervalo depende da qualidade do sistema aplicado, da exposição ao sol e à chuva, da cor escolhida e da manutenção feita ao longo dos anos. O mais seguro é incluir a fachada nas inspeções periódicas e decidir a repintura com base no estado real da superfície.</p>

<h2>Acrílica ou elastomérica?</h2>
<p>As duas famílias de tinta usam resinas acrílicas, mas têm comportamentos diferentes depois de aplicadas.</p>
<h3>Tinta acrílica</h3>
<p>A tinta acrílica de boa qualidade, de linha premium para exteriores, forma uma película resistente, durável e com boa permeabilidade ao vapor, o que permite que a umidade interna da parede saia. É a escolha mais comum para fachadas em bom estado, sem fissuras relevantes, e tem custo menor.</p>
<h3>Tinta ou revestimento elastomérico</h3>
<p>Os produtos elastoméricos formam uma película mais espessa e flexível, capaz de acompanhar pequenas movimentações da base. Por isso são indicados para fachadas com <strong>microfissuras</strong> ou com histórico de fissuração por variação térmica. Em contrapartida, custam mais, precisam ser aplicados na espessura correta para entregar o desempenho prometido e não substituem o tratamento de fissuras ativas ou de maior abertura, que exigem intervenção específica antes da pintura.</p>
<p>Em Curitiba, a escolha deve considerar dois traços do clima local. O primeiro é a <em>umidade elevada e a chuva frequente</em>, que favorecem fungos e algas, especialmente nas faces voltadas para o sul, que recebem pouco sol; nesses casos, produtos com proteção antifungos e uma boa lavagem prévia fazem diferença. O segundo é a <em>amplitude térmica</em>: manhãs frias seguidas de tardes quentes fazem o reboco e a estrutura dilatarem e contraírem, o que favorece o surgimento de microfissuras e torna o sistema elastomérico interessante em muitas fachadas.</p>

<h2>Preparação vale mais que a tinta</h2>
<p>Boa parte das falhas de pintura vem de preparação malfeita. Um serviço bem executado segue, em linhas gerais, esta ordem:</p>
<ol>
<li>Inspeção da fachada, com mapeamento de fissuras, áreas de reboco solto e pontos de infiltração.</li>
<li>Lavagem e tratamento das áreas com fungos, seguidos do tempo necessário para a secagem da base.</li>
<li>Remoção de partes soltas e recuperação do reboco.</li>
<li>Tratamento de fissuras e juntas com os materiais adequados a cada caso.</li>
<li>Aplicação de fundo preparador quando a superfície estiver pulverulenta ou muito absorvente.</li>
<li>Aplicação do acabamento no número de demãos e na espessura indicados pelo fabricante.</li>
</ol>
<p>Também é importante respeitar as condições de aplicação. Pintar com chuva prevista, sobre reboco úmido ou em dias muito frios e úmidos compromete a formação da película. No planejamento de uma obra em Curitiba, é prudente reservar no cronograma alguns dias de paralisação por causa do tempo.</p>
<p>Se a fachada do seu prédio apresenta alguns desses sinais, <a href="/contato">peça uma avaliação à nossa equipe</a> para definir o sistema mais adequado.</p>`,
    categorySlug: "fachadas",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2025-07-08T13:15:00.000Z",
    createdAt: "2025-07-03T16:05:00.000Z",
    featuredImageUrl: "/illustrations/servico-pintura-areas-comuns.svg",
  },
  {
    title: "NBR 16280: o que o condomínio deve exigir antes de uma reforma",
    slug: "nbr-16280-reformas-em-condominios",
    excerpt:
      "Plano de reforma, ART ou RRT e autorização do síndico: entenda como a NBR 16280 organiza as reformas em apartamentos e áreas comuns.",
    content: `<h2>Por que existe uma norma para reformas</h2>
<p>Derrubar uma parede para integrar a cozinha à sala, trocar todo o piso de um apartamento, mudar a posição de pontos hidráulicos: intervenções como essas parecem assunto de cada morador, mas podem afetar o prédio inteiro. Uma parede removida pode ter função estrutural, um furo mal posicionado pode atingir uma tubulação coletiva, e a troca do piso de um banheiro pode romper a impermeabilização e causar infiltração no vizinho de baixo.</p>
<p>A <strong>ABNT NBR 16280</strong> trata da gestão de reformas em edificações. Ela estabelece que as reformas devem ser planejadas, documentadas e comunicadas ao responsável legal da edificação, que no condomínio é o síndico, <em>antes</em> de começarem.</p>

<h2>O plano de reforma</h2>
<p>O documento central da norma é o <strong>plano de reforma</strong>, elaborado por profissional habilitado. Ele deve apresentar, de forma clara:</p>
<ul>
<li>a descrição dos serviços e dos sistemas afetados, como estrutura, vedações, instalações e impermeabilização;</li>
<li>a identificação do responsável técnico, com a respectiva <strong>ART</strong> (Anotação de Responsabilidade Técnica, no CREA) ou <strong>RRT</strong> (Registro de Responsabilidade Técnica, no CAU);</li>
<li>os projetos, desenhos ou especificações necessários para entender a intervenção;</li>
<li>o cronograma, com datas previstas de início e término;</li>
<li>a identificação das empresas e dos profissionais que vão executar o serviço;</li>
<li>a forma de transporte e descarte dos resíduos, respeitando as regras do condomínio e a legislação.</li>
</ul>
<p>Serviços simples, sem impacto nos sistemas do prédio, normalmente não exigem o mesmo nível de documentação, mas devem ser comunicados conforme o regulamento interno. Na dúvida, o melhor caminho é pedir uma avaliação técnica antes de liberar a obra.</p>

<h2>A responsabilidade do síndico</h2>
<p>Ao receber o plano, o síndico deve analisá-lo antes de autorizar o início da obra. Essa análise pode, e muitas vezes deve, contar com o apoio de um profissional habilitado contratado pelo condomínio, especialmente quando houver intervenção em estrutura, fachada, instalações coletivas ou áreas impermeabilizadas. Se a reforma representar risco à edificação ou aos moradores, o síndico pode negar a autorização ou condicioná-la a ajustes.</p>
<p>A norma também prevê o acompanhamento durante a execução e o arquivamento da documentação ao final. Esse histórico é importante porque as alterações feitas nas unidades passam a fazer parte do edifício e devem ser consideradas em futuras manutenções e reformas.</p>
<h3>Boas práticas para o regulamento interno</h3>
<ol>
<li>Criar um formulário padrão de comunicação de reforma, com a lista de documentos exigidos.</li>
<li>Definir horários de obra, regras de uso do elevador de serviço e proteção das áreas comuns.</li>
<li>Estabelecer um prazo para a análise do plano, para que o morador saiba quando poderá começar.</li>
<li>Manter um arquivo organizado com os planos, as ARTs, os RRTs e os registros de vistoria.</li>
</ol>

<h2>Quando a reforma é do próprio condomínio</h2>
<p>A NBR 16280 não vale apenas para as unidades. Obras nas áreas comuns, como a restauração da fachada, a troca da impermeabilização da cobertura ou a reforma do salão de festas, também devem ter plano, responsável técnico e registro. Para o síndico, isso significa exigir dos fornecedores a documentação técnica desde a proposta, e não apenas no fim da obra.</p>
<p>Organizar esse processo evita conflitos entre vizinhos, protege a estrutura do prédio e dá segurança ao síndico nas decisões. Se o seu condomínio precisa de apoio técnico para analisar planos de reforma, <a href="/contato">nossa equipe pode ajudar</a>.</p>`,
    categorySlug: "normas-e-inspecoes",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2025-08-26T12:45:00.000Z",
    createdAt: "2025-08-21T14:30:00.000Z",
    featuredImageUrl: null,
  },
  {
    title: "Impermeabilização de reservatórios e garagens: cuidados em áreas críticas",
    slug: "impermeabilizacao-de-reservatorios-e-garagens",
    excerpt:
      "Reservatórios exigem sistemas compatíveis com água potável; garagens sofrem com lajes sob jardins e umidade do solo. Veja como tratar cada caso.",
    content: `<h2>Duas áreas, dois tipos de desafio</h2>
<p>Reservatórios de água e garagens têm algo em comum: quando a impermeabilização falha, o prejuízo vai além da mancha na parede. No reservatório, estão em jogo a qualidade da água consumida pelos moradores e a integridade da estrutura de concreto. Na garagem, infiltrações constantes aceleram a corrosão das armaduras, danificam veículos e podem comprometer a durabilidade da estrutura do subsolo.</p>
<p>As normas <strong>ABNT NBR 9575</strong> e <strong>NBR 9574</strong>, que tratam respectivamente do projeto e da execução de impermeabilização, se aplicam às duas situações, mas os sistemas escolhidos costumam ser bem diferentes.</p>

<h2>Reservatórios de água potável</h2>
<p>No reservatório, a água atua de forma permanente, com pressão que cresce conforme a profundidade. Além de estanque, o sistema precisa ser <strong>compatível com água potável</strong>: os produtos devem ser atóxicos, não transmitir gosto ou odor e ter indicação expressa do fabricante para esse uso. Argamassas poliméricas e membranas próprias para reservatórios são soluções frequentes, sempre aplicadas sobre concreto íntegro e bem preparado.</p>
<p>Alguns cuidados são essenciais:</p>
<ul>
<li>tratar previamente fissuras, falhas de concretagem e pontos de armadura exposta;</li>
<li>dar atenção especial às passagens de tubulações, que são o ponto mais comum de vazamento;</li>
<li>respeitar o tempo de cura indicado pelo fabricante antes de encher o reservatório;</li>
<li>realizar o teste de estanqueidade e lavar o reservatório antes de colocá-lo em uso.</li>
</ul>
<p>A higienização periódica, normalmente recomendada a cada seis meses, é uma boa oportunidade para inspecionar o revestimento interno. Ferramentas e produtos inadequados na limpeza, porém, podem danificar a camada impermeável; por isso, a equipe responsável deve conhecer o sistema aplicado.</p>

<h2>Garagens e subsolos</h2>
<p>Nas garagens, a água pode chegar por cima, por baixo ou pelas laterais. As situações mais comuns são as seguintes.</p>
<h3>Laje sob jardins e áreas de lazer</h3>
<p>Quando a garagem fica sob o térreo, com jardins, playground ou piscina acima, a laje de cobertura do subsolo recebe água de chuva e de irrigação de forma contínua. Os sinais típicos de falha são gotejamentos, manchas, eflorescências e as chamadas <em>estalactites</em>, formações esbranquiçadas que surgem quando a água dissolve compostos do concreto e os deposita ao evaporar. Em jardins, a impermeabilização deve resistir à ação de raízes, e a drenagem precisa ser mantida desobstruída.</p>
<h3>Cortinas e pisos em contato com o solo</h3>
<p>Paredes de contenção e pisos de subsolo podem sofrer com a umidade do terreno e, em alguns casos, com a pressão do lençol freático. Em construções existentes, muitas vezes não é possível acessar o lado externo da parede, e a solução passa por sistemas aplicados pelo lado interno, como os cristalizantes, ou por injeções em fissuras e juntas com presença de água. São técnicas que exigem diagnóstico cuidadoso, porque a escolha errada apenas muda o ponto por onde a água sai.</p>
<h3>Juntas de dilatação</h3>
<p>Juntas estruturais que atravessam a laje são pontos sensíveis. Elas precisam de tratamento próprio, capaz de acompanhar a movimentação da estrutura sem romper.</p>

<h2>Diagnóstico antes da obra</h2>
<p>Nas garagens, refazer uma impermeabilização pode sair caro, principalmente quando é preciso remover jardins ou pisos do térreo. Um diagnóstico bem feito indica se a falha é localizada e pode ser corrigida pontualmente ou se o sistema chegou ao fim da vida útil. Em Curitiba, onde a chuva é bem distribuída ao longo do ano, as infiltrações em subsolos tendem a ser contínuas, e não apenas sazonais, o que reforça a importância de não adiar o tratamento.</p>
<p>Conheça nossos <a href="/servicos">serviços de impermeabilização</a> ou <a href="/contato">agende uma avaliação</a>.</p>`,
    categorySlug: "impermeabilizacao",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2025-10-14T11:30:00.000Z",
    createdAt: "2025-10-09T12:50:00.000Z",
    featuredImageUrl: "/illustrations/obra-06.svg",
  },
  {
    title: "Inspeção predial: para que serve o laudo e quando contratar",
    slug: "inspecao-predial-para-que-serve-o-laudo",
    excerpt:
      "O laudo de inspeção predial mostra o estado real do edifício e organiza as ações por prioridade. Saiba o que ele deve conter e em que momentos contratar.",
    content: `<h2>O que é a inspeção predial</h2>
<p>A inspeção predial é uma avaliação técnica do estado de conservação de uma edificação. Um profissional habilitado percorre o prédio, observa os sistemas construtivos e registra anomalias, falhas de uso e de manutenção e situações de risco, considerando a idade e o uso da construção. O resultado é o <strong>laudo de inspeção predial</strong>, que orienta o síndico sobre o que precisa ser feito e em que ordem.</p>
<p>A <strong>ABNT NBR 16747</strong> estabelece diretrizes, conceitos, terminologia e procedimentos para a inspeção predial. Ela a define como uma avaliação <em>predominantemente sensorial</em>, baseada na observação e sem ensaios destrutivos. Quando o inspetor identifica a necessidade de aprofundar a investigação, o laudo recomenda ensaios ou vistorias complementares.</p>

<h2>O que o laudo deve conter</h2>
<p>Um laudo útil não é apenas uma coleção de fotos: ele precisa permitir que o síndico tome decisões. Em geral, inclui:</p>
<ul>
<li>identificação da edificação, da documentação analisada e do profissional responsável, com ART ou RRT;</li>
<li>descrição dos sistemas inspecionados, como estrutura, fachadas, coberturas, impermeabilizações, instalações e esquadrias;</li>
<li>registro das anomalias e falhas encontradas, com fotos e localização;</li>
<li>classificação das irregularidades e sua provável origem;</li>
<li><strong>organização das ações por prioridade</strong>, das mais urgentes às que podem ser planejadas a médio prazo;</li>
<li>avaliação das condições de uso e de manutenção do edifício;</li>
<li>recomendações técnicas para a correção de cada item.</li>
</ul>
<p>A priorização é a parte mais valiosa para a gestão. Ela separa o que envolve risco à segurança e à saúde dos usuários, que deve ser tratado de imediato, do que pode entrar no planejamento dos próximos anos.</p>

<h2>Quando contratar</h2>
<p>Há momentos em que a inspeção é especialmente recomendada:</p>
<ol>
<li><strong>Início de uma nova gestão:</strong> o síndico recém-eleito conhece o estado real do prédio e documenta a situação recebida.</li>
<li><strong>Antes do fim dos prazos de garantia:</strong> em edifícios novos, a inspeção ajuda a identificar falhas construtivas a tempo de acionar a construtora.</li>
<li><strong>Antes de obras grandes:</strong> restauração de fachada, troca de impermeabilização ou modernização de instalações devem partir de um diagnóstico.</li>
<li><strong>Periodicamente:</strong> como ferramenta de acompanhamento do plano de manutenção, em ciclos definidos pelo condomínio ou pela legislação aplicável.</li>
</ol>
<p>Algumas cidades brasileiras têm leis que tornam a inspeção periódica obrigatória para determinados tipos de edificação. Vale consultar a legislação municipal vigente e, independentemente da exigência legal, tratar a inspeção como uma boa prática de gestão.</p>

<h2>Como aproveitar o laudo</h2>
<p>O laudo só gera resultado quando vira plano de ação. Depois de recebê-lo, o síndico pode apresentá-lo ao conselho e à assembleia, transformar as prioridades em um cronograma de obras e incluir os custos na previsão orçamentária. Itens de baixa complexidade podem ser resolvidos pela equipe de manutenção do prédio; intervenções maiores pedem projeto e a contratação de empresa especializada.</p>
<p>Em Curitiba, onde a umidade e a variação de temperatura aceleram a degradação de fachadas, selantes e impermeabilizações, acompanhar a evolução das anomalias de uma inspeção para a outra é uma forma eficiente de agir antes que o reparo fique caro. Se quiser saber como funciona uma inspeção no seu prédio, <a href="/contato">fale com nossa equipe</a>.</p>`,
    categorySlug: "normas-e-inspecoes",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2025-12-03T12:00:00.000Z",
    createdAt: "2025-11-28T18:15:00.000Z",
    featuredImageUrl: null,
  },
  {
    title: "Rejunte com falhas: sinais de alerta e como funciona o rejuntamento",
    slug: "rejunte-com-falhas-e-rejuntamento",
    excerpt:
      "Rejunte esfarelando, fissurado ou com bolor deixa a água chegar por trás do revestimento. Veja os sinais de alerta e as etapas de um rejuntamento bem feito.",
    content: `<h2>O rejunte é mais importante do que parece</h2>
<p>O rejunte costuma ser visto como acabamento, mas cumpre funções técnicas importantes. Ele preenche as juntas entre placas cerâmicas ou pedras, ajuda a vedar o revestimento contra a entrada de água, acomoda pequenas movimentações e contribui para a estabilidade do conjunto. Quando falha, a água passa a alcançar a argamassa de assentamento e a base, o que pode resultar em infiltrações, manchas e até no descolamento das placas.</p>
<p>Em fachadas, o problema é ainda mais sensível. Um rejunte deteriorado permite que a chuva penetre por trás do revestimento e, com os ciclos de umedecimento e secagem e as variações de temperatura, a aderência das placas diminui.</p>

<h2>Sinais de alerta</h2>
<p>Vale ficar atento aos seguintes sintomas, tanto em áreas comuns quanto em fachadas:</p>
<ul>
<li>rejunte esfarelando ou com perda de material nas juntas;</li>
<li>fissuras contínuas acompanhando as linhas de juntas;</li>
<li>manchas escuras de bolor que não saem com a limpeza comum;</li>
<li>eflorescências, depósitos brancos que surgem quando a água dissolve sais e os traz à superfície;</li>
<li>placas com som cavo ao serem percutidas, indicando perda de aderência;</li>
<li>umidade em paredes ou tetos próximos a áreas molhadas, como piscinas, vestiários e terraços.</li>
</ul>
<p>O clima de Curitiba favorece alguns desses sintomas. A umidade elevada e os longos períodos com pouca insolação em certas faces do prédio mantêm o rejunte úmido por mais tempo, criando ambiente para fungos. A amplitude térmica, por sua vez, solicita o revestimento de forma repetida ao longo do dia.</p>

<h2>Como é feito o rejuntamento</h2>
<p>Refazer o rejunte não é simplesmente passar material novo por cima do antigo. Um serviço bem feito segue etapas:</p>
<ol>
<li><strong>Avaliação:</strong> verificar se as placas estão aderidas. Não adianta rejuntar um revestimento que já está se soltando; nesse caso, é preciso recolocar as peças antes.</li>
<li><strong>Remoção do rejunte antigo:</strong> com ferramentas adequadas, em profundidade suficiente e sem lascar as bordas das placas.</li>
<li><strong>Limpeza das juntas:</strong> retirada de pó e resíduos e tratamento das áreas com fungos.</li>
<li><strong>Escolha do material:</strong> rejunte cimentício, aditivado com polímeros ou epóxi, conforme a exposição, a largura das juntas e o tipo de uso.</li>
<li><strong>Aplicação e acabamento:</strong> preenchimento completo das juntas, frisagem e limpeza da superfície no tempo indicado pelo fabricante.</li>
<li><strong>Cura e proteção:</strong> evitar chuva, lavagem e tráfego intenso até que o material atinja a resistência necessária.</li>
</ol>
<h3>Rejunte não substitui junta de movimentação</h3>
<p>Um erro comum é preencher com rejunte as <em>juntas de movimentação</em>, aquelas mais largas que dividem o revestimento em panos. Essas juntas devem receber selante flexível, como o de poliuretano, aplicado sobre um material de enchimento apropriado. Preenchidas com rejunte rígido, elas deixam de cumprir sua função, e as tensões acabam se aliviando por meio de fissuras ou desplacamentos.</p>

<h2>Planejamento</h2>
<p>Incluir a verificação dos rejuntes no plano de manutenção, com inspeções periódicas, permite agir em áreas pequenas antes que o problema se espalhe. Em áreas comuns molhadas, como piscinas e vestiários, a verificação costuma ser mais frequente; em fachadas, ela acompanha as inspeções do revestimento. Para avaliar os rejuntes do seu prédio, <a href="/contato">entre em contato com nossa equipe</a>.</p>`,
    categorySlug: "manutencao-preventiva",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2026-02-11T12:30:00.000Z",
    createdAt: "2026-02-06T13:45:00.000Z",
    featuredImageUrl: "/illustrations/servico-rejuntamento.svg",
  },
  {
    title: "Ferragens expostas e corrosão de armaduras: entenda a carbonatação",
    slug: "ferragens-expostas-corrosao-de-armaduras-e-carbonatacao",
    excerpt:
      "Manchas de ferrugem e concreto estufado indicam corrosão das armaduras. Entenda a carbonatação e as etapas de um tratamento que não se limita a cobrir o problema.",
    content: `<h2>Como o concreto protege o aço</h2>
<p>No concreto armado, as barras de aço ficam envolvidas por uma camada de concreto chamada <strong>cobrimento</strong>. Além da proteção física, o concreto oferece uma proteção química: por ser altamente alcalino, ele mantém sobre o aço uma película que impede a corrosão, chamada de <em>camada passivadora</em>.</p>
<p>Com o tempo, essa proteção pode ser perdida. O principal mecanismo em áreas urbanas é a <strong>carbonatação</strong>: o gás carbônico do ar penetra pelos poros do concreto e reage com os compostos alcalinos, reduzindo o pH. Quando a frente de carbonatação alcança a armadura, a camada passivadora deixa de existir e, na presença de umidade e oxigênio, o aço começa a corroer.</p>

<h2>Por que a ferrugem quebra o concreto</h2>
<p>Os produtos da corrosão ocupam um volume maior que o do aço original. Essa expansão gera tensões internas que fissuram e, depois, destacam o concreto de cobrimento. Por isso, o processo costuma seguir uma sequência reconhecível:</p>
<ol>
<li>manchas de ferrugem na superfície do concreto ou do revestimento;</li>
<li>fissuras paralelas à direção das barras;</li>
<li>desplacamento do concreto, com armaduras expostas;</li>
<li>perda progressiva de seção das barras, com redução da capacidade resistente.</li>
</ol>
<p>Os locais mais afetados costumam ser marquises, sacadas, bordas de lajes, pilares e vigas de garagem, reservatórios e platibandas. Em comum, eles têm cobrimento muitas vezes insuficiente e exposição frequente à umidade. No clima de Curitiba, com chuva distribuída ao longo do ano e ar úmido, o concreto permanece molhado por longos períodos, condição que favorece a corrosão depois que o aço perde sua proteção.</p>

<h2>Como é feito o tratamento</h2>
<p>A recuperação de armaduras corroídas deve partir de um diagnóstico, que pode incluir a medição da profundidade de carbonatação com indicador químico, como a fenolftaleína, e a verificação da perda de seção das barras. Com base nisso, o tratamento segue, em linhas gerais:</p>
<ul>
<li><strong>delimitação e escarificação</strong> da área, removendo todo o concreto deteriorado e liberando as barras corroídas em todo o seu contorno;</li>
<li><strong>limpeza das armaduras</strong> até a remoção completa dos produtos de corrosão;</li>
<li><strong>avaliação da seção</strong> das barras e, quando necessário, complementação com novas barras, conforme orientação do engenheiro responsável;</li>
<li><strong>proteção do aço</strong> com produtos específicos para armaduras;</li>
<li><strong>recomposição</strong> com argamassa ou graute de reparo estrutural, garantindo o cobrimento adequado;</li>
<li><strong>proteção superficial</strong> do concreto, quando indicada, para reduzir a entrada de água e de gás carbônico.</li>
</ul>
<p>Reparos feitos apenas com massa comum sobre a ferragem enferrujada costumam esconder o problema por pouco tempo. A corrosão continua por baixo e, em geral, reaparece ao redor da área reparada.</p>

<h2>E as ferragens de guarda-corpos e gradis?</h2>
<p>Corrimãos, guarda-corpos, gradis, portões e escadas metálicas também sofrem corrosão, mas por um mecanismo diferente: falhas na pintura deixam o aço em contato direto com a umidade. O tratamento envolve a remoção da ferrugem, a aplicação de fundo anticorrosivo e um acabamento adequado para área externa. Atenção especial deve ser dada aos pontos de fixação no concreto: a ferrugem nos chumbadores se expande, pode fissurar a base e compromete a segurança do guarda-corpo.</p>
<p>Se você identificou ferragens expostas ou manchas de ferrugem no seu prédio, não espere a situação avançar. <a href="/contato">Solicite uma avaliação</a> ou conheça nossos <a href="/servicos">serviços de tratamento de ferragens</a>.</p>`,
    categorySlug: "manutencao-preventiva",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2026-04-07T13:00:00.000Z",
    createdAt: "2026-04-02T11:35:00.000Z",
    featuredImageUrl: "/illustrations/servico-tratamento-ferragens.svg",
  },
  {
    title: "Orçamento de manutenção e fundo de reserva: como o síndico planeja as obras",
    slug: "orcamento-de-manutencao-e-fundo-de-reserva",
    excerpt:
      "Ligar a previsão orçamentária ao plano de manutenção evita taxas extras de surpresa. Veja como planejar as obras e usar bem o fundo de reserva.",
    content: `<h2>Da previsão orçamentária ao plano de obras</h2>
<p>Todo ano, a assembleia de condôminos aprova a previsão orçamentária, que define as despesas esperadas e o valor das contribuições. Em muitos prédios, esse orçamento é construído olhando apenas para o ano anterior: folha de pagamento, contas de consumo, contratos de manutenção de elevadores e uma margem para imprevistos. As obras maiores, como a pintura da fachada ou a troca da impermeabilização, ficam de fora até se tornarem urgentes e, então, chegam na forma de taxa extra.</p>
<p>Uma forma mais saudável de planejar é ligar o orçamento ao <strong>plano de manutenção</strong> previsto na ABNT NBR 5674. Se o condomínio sabe quais sistemas precisarão de intervenção nos próximos anos, consegue distribuir esses custos no tempo.</p>

<h2>Como estruturar o planejamento</h2>
<ol>
<li><strong>Conheça o estado do prédio.</strong> Um laudo de inspeção predial recente ou um bom histórico de manutenção indica o que está próximo do fim da vida útil.</li>
<li><strong>Liste as intervenções previstas</strong> para um horizonte de alguns anos, por exemplo: repintura da fachada, revisão da impermeabilização da cobertura, tratamento de ferragens e modernização de instalações.</li>
<li><strong>Estime os custos</strong> com base em orçamentos preliminares, sabendo que os valores serão refinados mais perto da execução.</li>
<li><strong>Defina prioridades</strong>, colocando à frente o que envolve segurança, estanqueidade e risco de dano progressivo.</li>
<li><strong>Escolha a forma de financiamento</strong> de cada item: orçamento ordinário, fundo de reserva, fundo de obras específico ou rateio extra aprovado em assembleia.</li>
</ol>

<h2>O papel do fundo de reserva</h2>
<p>O fundo de reserva é uma poupança do condomínio, formada por contribuições periódicas cujo percentual e regras de uso costumam estar definidos na convenção. Ele existe para cobrir despesas imprevistas e urgentes e, conforme a convenção e as decisões de assembleia, também pode financiar obras. Alguns cuidados ajudam a preservar sua função:</p>
<ul>
<li>manter o fundo em aplicação separada da conta corrente do condomínio;</li>
<li>evitar usá-lo para cobrir despesas ordinárias recorrentes, como a falta de caixa causada pela inadimplência, sem deliberação clara;</li>
<li>prever a recomposição sempre que ele for utilizado;</li>
<li>prestar contas de forma transparente sobre entradas, saídas e saldo.</li>
</ul>
<p>Para obras de grande porte, muitos condomínios criam um <em>fundo de obras</em> específico, aprovado em assembleia, com contribuição e prazo definidos. Isso permite juntar recursos antes de contratar, reduzindo a necessidade de rateios pesados de uma só vez.</p>
<blockquote>Uma regra prática: sempre que uma obra for adiada, registre em ata o motivo e o novo prazo. Adiar pode ser uma decisão legítima; esquecer o problema não é.</blockquote>

<h2>Obras, assembleia e urgência</h2>
<p>O Código Civil distingue obras necessárias, úteis e voluptuárias, com exigências diferentes de aprovação. As <strong>obras necessárias</strong>, ligadas à conservação do edifício, podem ser realizadas pelo síndico independentemente de autorização. Se forem urgentes e implicarem despesas excessivas, a assembleia deve ser convocada imediatamente para tomar ciência; se não forem urgentes e tiverem custo elevado, dependem de aprovação prévia. As obras úteis e voluptuárias exigem quóruns próprios. Na prática, apresentar à assembleia um plano de vários anos, fundamentado em laudo técnico, facilita essas decisões e reduz conflitos.</p>
<p>Em Curitiba, vale considerar também o calendário: serviços externos, como pintura e impermeabilização, dependem de tempo seco, e a contratação com antecedência permite aproveitar os períodos mais favoráveis. Se precisar de apoio técnico para montar o plano de obras do seu condomínio, <a href="/contato">fale com nossa equipe</a>.</p>`,
    categorySlug: "gestao-de-condominios",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2026-06-16T12:15:00.000Z",
    createdAt: "2026-06-11T15:00:00.000Z",
    featuredImageUrl: null,
  },
  {
    title: "Sinais de infiltração: o que observar antes que o problema cresça",
    slug: "sinais-de-infiltracao-no-condominio",
    excerpt:
      "Manchas, bolor, eflorescências e pintura descascando são sinais de infiltração. Saiba de onde a água costuma vir e como diferenciar infiltração de condensação.",
    content: `<h2>A água quase nunca aparece onde entrou</h2>
<p>A infiltração é uma das queixas mais frequentes em condomínios e também uma das mais difíceis de resolver quando o diagnóstico é apressado. A água percorre fissuras, juntas, tubulações e camadas do piso antes de aparecer, e a mancha no teto pode estar a alguns metros do ponto real de entrada. Por isso, reconhecer os sinais cedo e investigar com método economiza quebradeira e retrabalho.</p>

<h2>Sinais que merecem atenção</h2>
<ul>
<li><strong>Manchas de umidade</strong> em tetos e paredes, que aumentam em dias de chuva ou depois do uso de áreas molhadas.</li>
<li><strong>Bolor e cheiro de mofo</strong> em pontos localizados, especialmente perto de rodapés, cantos e esquadrias.</li>
<li><strong>Pintura com bolhas ou descascando</strong> e reboco que se desfaz ao toque.</li>
<li><strong>Eflorescências:</strong> depósitos brancos na superfície, formados por sais carregados pela água.</li>
<li><strong>Gotejamento e estalactites</strong> em lajes de garagem e subsolos.</li>
<li><strong>Pisos de madeira ou laminados estufados</strong> e rejuntes permanentemente escurecidos.</li>
<li><strong>Manchas de ferrugem</strong> no concreto, que podem indicar água chegando às armaduras.</li>
<li><strong>Aumento inexplicado no consumo de água</strong>, que pode apontar vazamento em tubulações.</li>
</ul>

<h2>De onde a água costuma vir</h2>
<h3>Coberturas, terraços e áreas externas</h3>
<p>Impermeabilização deteriorada, ralos entupidos, rodapés sem proteção e perfurações feitas depois da obra. O problema costuma piorar nas chuvas fortes.</p>
<h3>Fachadas e esquadrias</h3>
<p>Fissuras no reboco, rejuntes e selantes envelhecidos, peitoris sem pingadeira ou com caimento para dentro e falhas na vedação entre a janela e a alvenaria. A chuva acompanhada de vento, comum em Curitiba, torna essas falhas mais evidentes.</p>
<h3>Instalações hidráulicas</h3>
<p>Vazamentos em tubulações embutidas, conexões e registros. Nesses casos, a umidade aparece mesmo em dias secos.</p>
<h3>Áreas molhadas das unidades</h3>
<p>Boxes, cozinhas e áreas de serviço com rejunte falho ou com a impermeabilização rompida durante alguma reforma.</p>

<h2>Infiltração ou condensação?</h2>
<p>Nem toda umidade vem de fora: muitas vezes o que parece infiltração é <em>condensação</em>. No inverno curitibano, com temperaturas baixas e ambientes fechados, o vapor produzido por banhos, pelo preparo de alimentos e pela secagem de roupas condensa nas superfícies mais frias, como paredes externas, cantos e tetos do último pavimento. O resultado é um bolor muito parecido com o de uma infiltração. A diferença é que a condensação tende a aparecer de forma difusa, em cantos e atrás de móveis, e a melhorar com ventilação, enquanto a infiltração costuma ter um ponto de origem e relação com a chuva ou com o uso de água.</p>
<p>Para investigar com método:</p>
<ol>
<li>registre as manchas com fotos e datas, anotando se pioram com a chuva;</li>
<li>verifique se há vazamento nas instalações: com todas as torneiras fechadas, observe se o hidrômetro continua registrando consumo;</li>
<li>peça uma vistoria técnica, que pode incluir teste de estanqueidade, medidores de umidade e termografia para localizar a origem sem quebrar;</li>
<li>defina a responsabilidade, já que a origem pode estar na área comum ou em outra unidade, o que muda quem deve providenciar o reparo.</li>
</ol>
<p>Tratar apenas a mancha, com pintura ou produtos antimofo, resolve a aparência por pouco tempo. Se a umidade persiste no seu prédio, <a href="/contato">fale com nossa equipe</a> para um diagnóstico.</p>`,
    categorySlug: "impermeabilizacao",
    status: "published",
    featured: false,
    readTime: 3,
    publishedAt: "2026-10-06T12:00:00.000Z",
    createdAt: "2026-10-01T14:20:00.000Z",
    featuredImageUrl: null,
  },
  {
    title: "Como comparar orçamentos de obras no condomínio",
    slug: "como-comparar-orcamentos-de-obras-no-condominio",
    excerpt:
      "Três orçamentos raramente descrevem o mesmo serviço. Veja como definir um escopo único e comparar propostas de obras além do valor final.",
    content: `<h2>O menor preço nem sempre é o mais barato</h2>
<p>Quando o condomínio precisa contratar uma obra, como restauração de fachada, impermeabilização ou pintura, é comum pedir três orçamentos e escolher o de menor valor. O problema é que, sem cuidado, os três orçamentos raramente descrevem o mesmo serviço. Um inclui o tratamento de fissuras e o outro não; um prevê duas demãos e o outro três; um considera andaime fachadeiro e o outro, balancim. Comparar só o valor final, nessas condições, é comparar coisas diferentes.</p>

<h2>Comece por um escopo único</h2>
<p>O passo mais importante acontece antes de pedir os orçamentos: definir o que será contratado. O ideal é que todas as empresas recebam o mesmo <strong>memorial descritivo</strong> ou termo de referência, com:</p>
<ul>
<li>a descrição dos serviços e das áreas envolvidas;</li>
<li>a especificação dos sistemas e materiais ou, pelo menos, do desempenho esperado;</li>
<li>os quantitativos estimados, como metros quadrados de fachada ou de laje;</li>
<li>as condições de acesso, os horários de trabalho e as regras do condomínio;</li>
<li>as exigências de documentação, seguros e garantias.</li>
</ul>
<p>Em obras maiores ou com diagnóstico incerto, vale contratar antes uma inspeção ou um projeto. Esse investimento costuma se pagar, porque reduz aditivos durante a obra e torna as propostas comparáveis.</p>

<h2>O que conferir em cada proposta</h2>
<h3>Escopo e método</h3>
<p>Verifique se a proposta detalha etapas, materiais, número de demãos ou camadas e o tratamento dos pontos críticos. Propostas genéricas, com uma única linha para "pintura da fachada", dificultam a fiscalização e abrem espaço para discussões depois.</p>
<h3>Responsabilidade técnica</h3>
<p>Obras que envolvem fachada, estrutura ou impermeabilização devem ter responsável técnico, com ART ou RRT, como prevê a ABNT NBR 16280 para reformas em edificações. Peça a identificação do profissional já na proposta.</p>
<h3>Segurança do trabalho</h3>
<p>Serviços em altura exigem equipe treinada conforme a <strong>NR-35</strong>, equipamentos em bom estado e planejamento de acesso, seja por andaime, balancim ou cadeira suspensa. Pergunte como a empresa vai proteger moradores, pedestres e veículos durante a obra.</p>
<h3>Prazo, pagamento e garantia</h3>
<p>Compare cronogramas, condições de pagamento e garantias oferecidas. Pagamentos atrelados a medições do serviço executado protegem o condomínio. Desconfie de propostas que pedem grande parte do valor antes do início dos trabalhos.</p>

<h2>Monte um quadro comparativo</h2>
<ol>
<li>Liste, em linhas, cada item do escopo.</li>
<li>Em colunas, registre o que cada empresa incluiu, o valor e as observações.</li>
<li>Destaque o que está ausente em cada proposta.</li>
<li>Peça às empresas que complementem ou esclareçam os itens faltantes antes da decisão.</li>
</ol>
<p>Esse quadro também é útil para apresentar as propostas ao conselho e à assembleia, deixando claro que a escolha se baseou no conteúdo de cada proposta, e não apenas em um número.</p>
<p>Por fim, peça referências de obras semelhantes e, se possível, converse com síndicos que já contrataram a empresa. A <em>visita técnica</em> de cada proponente ao prédio também é importante: orçamentos feitos sem visita tendem a deixar de fora itens que só aparecem no local. Se quiser receber uma proposta detalhada, <a href="/contato">solicite uma visita da nossa equipe</a>.</p>`,
    categorySlug: "gestao-de-condominios",
    status: "draft",
    featured: false,
    readTime: 3,
    publishedAt: null,
    createdAt: "2026-10-20T16:40:00.000Z",
    featuredImageUrl: null,
  },
  {
    title: "Lavagem de fachada: frequência, métodos e cuidados",
    slug: "lavagem-de-fachada-frequencia-metodos-e-cuidados",
    excerpt:
      "Fungos, algas e fuligem degradam pintura e selantes. Veja com que frequência lavar a fachada, quais métodos usar e que cuidados tomar antes do serviço.",
    content: `<h2>Por que lavar a fachada</h2>
<p>A sujeira acumulada na fachada não é apenas uma questão de aparência. Poeira, fuligem, fungos e algas retêm umidade na superfície, aceleram a degradação da pintura e dos selantes e podem manchar de forma permanente revestimentos porosos. Em Curitiba, a combinação de umidade elevada, chuvas frequentes e faces com pouca insolação, especialmente as voltadas para o sul, cria condições favoráveis para fungos e algas, que aparecem como manchas escuras ou esverdeadas.</p>
<p>A lavagem periódica remove esses agentes, recupera a aparência do edifício e permite observar com mais clareza o <em>estado real</em> do revestimento. Muitas fissuras, placas soltas e falhas de rejunte só ficam evidentes depois da limpeza.</p>

<h2>Com que frequência</h2>
<p>Não há um intervalo único para todos os prédios. A frequência depende do tipo de revestimento, da cor, da proximidade de vias com tráfego intenso, da presença de árvores e da orientação das fachadas. Como referência prática, muitos condomínios incluem a lavagem no plano de manutenção em ciclos de alguns anos, antecipando-a quando surgem manchas de fungos ou antes de uma repintura. O manual de uso, operação e manutenção do edifício pode trazer recomendações específicas para os revestimentos aplicados.</p>

<h2>Métodos de lavagem</h2>
<p>O método deve ser escolhido de acordo com o revestimento e o tipo de sujeira:</p>
<ul>
<li><strong>Hidrojateamento com pressão controlada:</strong> eficiente para a maior parte das fachadas com pintura ou cerâmica em bom estado, desde que a pressão e a distância do bico sejam ajustadas para não danificar rejuntes, selantes e pintura.</li>
<li><strong>Lavagem com detergente neutro e escovação:</strong> indicada para superfícies mais sensíveis ou para áreas com sujeira aderida.</li>
<li><strong>Tratamento contra fungos e algas:</strong> aplicado antes do enxágue nas áreas com bolor, respeitando o tempo de ação indicado pelo fabricante.</li>
<li><strong>Limpeza química específica:</strong> para manchas de ferrugem, eflorescências ou resíduos de obra, sempre com produto compatível com o revestimento e teste prévio em uma área pequena.</li>
</ul>
<p>Produtos ácidos usados sem critério podem atacar rejuntes, manchar pedras naturais e corroer esquadrias metálicas. Por isso, a escolha do produto deve ser técnica, e não baseada apenas no que remove a mancha mais rápido.</p>

<h2>Cuidados antes e durante o serviço</h2>
<ol>
<li>Inspecionar a fachada antes de lavar: placas com som cavo ou reboco solto podem se desprender com a pressão da água e precisam ser tratados ou protegidos antes.</li>
<li>Verificar a vedação das janelas e esquadrias e avisar os moradores para mantê-las fechadas durante o serviço.</li>
<li>Proteger vegetação, veículos e áreas de circulação no térreo, com isolamento da área de trabalho.</li>
<li>Garantir que a equipe trabalhe com acesso e equipamentos adequados para trabalho em altura, conforme a NR-35.</li>
<li>Planejar o escoamento da água de lavagem, evitando que resíduos de produtos sejam lançados sem controle em jardins ou na rede pluvial.</li>
</ol>
<p>Depois da lavagem, é recomendável aguardar a secagem completa antes de qualquer pintura ou aplicação de hidrofugante, o que em Curitiba pode levar mais tempo nos períodos úmidos.</p>`,
    categorySlug: "fachadas",
    status: "draft",
    featured: false,
    readTime: 3,
    publishedAt: null,
    createdAt: "2026-11-03T10:15:00.000Z",
    featuredImageUrl: "/illustrations/servico-lavagem-fachadas.svg",
  },
];
