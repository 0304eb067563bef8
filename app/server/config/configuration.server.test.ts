import { describe, expect, it } from "vitest";
import {
  type Configuration,
  ConfigurationError,
  configurationFrom,
  parseConfiguration,
} from "./configuration.server";

/** The problems an environment has; fails the test when it has none. */
function problems(env: Record<string, string | undefined>): string[] {
  const result = parseConfiguration(env);
  if (result.ok) throw new Error(`expected problems with ${JSON.stringify(env)}`);
  return result.problems;
}

describe("parseConfiguration", () => {
  it("runs the demo site on an empty environment, with the documented defaults", () => {
    const config = configurationFrom({});
    expect(config.listen).toEqual({ port: 3000, host: "127.0.0.1" });
    expect(config.site.publicUrl).toBe("http://localhost:3000");
    expect(config.database).toMatchObject({ engine: "sqlite" });
    expect(config.quote).toEqual({ rateLimitPerHour: 5, globalLimitPerHour: 200, minFillSeconds: 3 });
    expect(config.renderCache).toEqual({ enabled: true, maxBytes: 32 * 1024 * 1024 });
    expect(config.mail).toMatchObject({ smtpUrl: undefined, leaseSeconds: 120 });
    expect(config.trustProxy).toEqual({ mode: "nobody" });
    expect(config.runware).toEqual({
      apiKey: undefined,
      apiUrl: "https://api.runware.ai/v1",
      model: "runware:101@1",
    });
    expect(config.shutdownDrainMs).toBe(0);
    expect(config.firstAdmin).toBeUndefined();
  });

  it("treats empty and blank values as unset", () => {
    expect(configurationFrom({ PORT: "", RENDER_CACHE: "  ", SMTP_URL: "" })).toEqual(configurationFrom({}));
  });

  it("reads valid values, trimmed", () => {
    const config = configurationFrom({
      PORT: " 3100 ",
      PUBLIC_URL: "https://www.exemplo.com.br/",
      DATABASE_URL: "postgres://site:senha@127.0.0.1:5432/site",
      DATABASE_SCHEMA: "site_cliente",
      LEADS_TO: "a@exemplo.com.br, b@exemplo.com.br",
      SHUTDOWN_DRAIN_SECONDS: "2.5",
      RENDER_CACHE: "off",
      ADMIN_EMAIL: " Admin@Exemplo.com.br ",
      ADMIN_PASSWORD: "uma frase longa",
    });
    expect(config.listen.port).toBe(3100);
    expect(config.site.publicUrl).toBe("https://www.exemplo.com.br");
    expect(config.database).toEqual({
      engine: "postgres",
      url: "postgres://site:senha@127.0.0.1:5432/site",
      schema: "site_cliente",
    });
    expect(config.mail.to).toEqual(["a@exemplo.com.br", "b@exemplo.com.br"]);
    expect(config.shutdownDrainMs).toBe(2500);
    expect(config.renderCache.enabled).toBe(false);
    expect(config.firstAdmin).toEqual({ email: "admin@exemplo.com.br", password: "uma frase longa" });
  });

  it("requires TLS for e-mail unless SMTP_LOCAL_RELAY_WITHOUT_TLS says the server is a local relay", () => {
    const smtp = { SMTP_URL: "smtp://127.0.0.1:25" };
    expect(configurationFrom(smtp).mail.localRelayWithoutTls).toBe(false);
    expect(
      configurationFrom({ ...smtp, SMTP_LOCAL_RELAY_WITHOUT_TLS: "false" }).mail.localRelayWithoutTls,
    ).toBe(false);
    for (const yes of ["true", "1", "yes", "ON"]) {
      expect(
        configurationFrom({ ...smtp, SMTP_LOCAL_RELAY_WITHOUT_TLS: yes }).mail.localRelayWithoutTls,
      ).toBe(true);
    }
    // Parameters that do not touch TLS still pass through to nodemailer.
    expect(configurationFrom({ SMTP_URL: "smtp://smtp.exemplo.com.br:587?name=site" }).mail.smtpUrl).toBe(
      "smtp://smtp.exemplo.com.br:587?name=site",
    );
  });

  it("gives a deep-frozen value", () => {
    const config: Configuration = configurationFrom({
      TRUST_PROXY: "127.0.0.1,::1",
      LEADS_TO: "a@exemplo.com.br",
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.listen)).toBe(true);
    expect(Object.isFrozen(config.mail.to)).toBe(true);
    expect(config.trustProxy.mode === "list" && Object.isFrozen(config.trustProxy.entries[0])).toBe(true);
    expect(() => {
      (config.listen as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it("never reads process.env", () => {
    const saved = process.env.PORT;
    process.env.PORT = "porta";
    try {
      expect(parseConfiguration({ PORT: "3100" }).ok).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});

describe("a malformed value, named in pt-BR with what is wrong", () => {
  it("a number that is not one", () => {
    expect(problems({ RENDER_CACHE_MB: "muito" })).toEqual([
      'RENDER_CACHE_MB: deve ser um número inteiro de megabytes, de 1 a 4096 (ex.: 32) (recebido "muito").',
    ]);
    expect(problems({ QUOTE_RATE_LIMIT_PER_HOUR: "2.5" })).toEqual([
      'QUOTE_RATE_LIMIT_PER_HOUR: deve ser um número inteiro de pedidos, de 1 a 1000000 (ex.: 5) (recebido "2.5").',
    ]);
  });

  it("a number out of its range", () => {
    expect(problems({ OUTBOX_LEASE_SECONDS: "5" })).toEqual([
      'OUTBOX_LEASE_SECONDS: deve ser um número inteiro de segundos, de 10 a 3600 (ex.: 120) (recebido "5").',
    ]);
    expect(problems({ SHUTDOWN_DRAIN_SECONDS: "61" })[0]).toMatch(
      /^SHUTDOWN_DRAIN_SECONDS: deve ser um número de segundos, de 0 a 60/,
    );
  });

  it("a port that is not a port", () => {
    for (const port of ["abc", "65536", "-1", "80.5"]) {
      expect(problems({ PORT: port }), port).toEqual([
        `PORT: deve ser um número de porta, de 1 a 65535 (ex.: 3000) (recebido "${port}").`,
      ]);
    }
  });

  it("a URL that is not one, or of the wrong kind", () => {
    expect(problems({ PUBLIC_URL: "www.sem-protocolo.com.br" })).toEqual([
      'PUBLIC_URL: deve ser o endereço público do site, com https:// (ex.: https://www.empresa.com.br) (recebido "www.sem-protocolo.com.br").',
    ]);
    expect(problems({ PUBLIC_URL: "ftp://exemplo.com.br" })[0]).toMatch(/^PUBLIC_URL: /);
    expect(problems({ DATABASE_URL: "mysql://exemplo" })).toEqual([
      "DATABASE_URL: deve ser uma URL postgres://usuario:senha@host:5432/banco.",
    ]);
  });

  it("an e-mail that is not one", () => {
    expect(problems({ SITE_EMAIL: "contato@" })).toEqual([
      'SITE_EMAIL: deve ser um e-mail, como contato@empresa.com.br (recebido "contato@").',
    ]);
    expect(problems({ LEADS_TO: "a@exemplo.com.br; b" })[0]).toMatch(
      /^LEADS_TO: deve ser um ou mais e-mails separados por vírgula/,
    );
    expect(problems({ MAIL_FROM: "Site sem endereço" })[0]).toMatch(/^MAIL_FROM: deve ser um endereço/);
  });

  it("a value outside its list", () => {
    expect(problems({ NODE_ENV: "staging" })).toEqual([
      'NODE_ENV: deve ser "production" ou "development" ou "test" (recebido "staging").',
    ]);
  });

  it("an on/off switch that is neither", () => {
    expect(problems({ RENDER_CACHE: "talvez" })).toEqual([
      'RENDER_CACHE: deve ser "on" ou "off" (recebido "talvez").',
    ]);
    expect(problems({ RENDER_CACHE: "ON" })).toHaveLength(1);
  });

  it("an SMTP_URL whose parameters would turn TLS off, and a yes/no that is neither", () => {
    for (const query of ["requireTLS=false", "ignoreTLS=true", "opportunisticTLS=true", "secure=false"]) {
      const [problem, ...rest] = problems({
        SMTP_URL: `smtp://site:segredo@smtp.exemplo.com.br:587?${query}`,
      });
      expect(rest, query).toEqual([]);
      expect(problem, query).toBe(
        `SMTP_URL: não pode ter o parâmetro ${query.split("=")[0]}: o envio sempre exige TLS (STARTTLS em smtp://, TLS direto em smtps://); para um relay local sem TLS, defina SMTP_LOCAL_RELAY_WITHOUT_TLS=true.`,
      );
    }
    expect(problems({ SMTP_LOCAL_RELAY_WITHOUT_TLS: "talvez" })).toEqual([
      'SMTP_LOCAL_RELAY_WITHOUT_TLS: deve ser "true" ou "false" (recebido "talvez").',
    ]);
  });

  it("a list with an entry that is not an address", () => {
    expect(problems({ TRUST_PROXY: "127.0.0.1,o proxy" })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: “o proxy” não é um endereço IP nem uma faixa CIDR\. .*\.$/),
    ]);
  });

  it("one of two variables that go together, missing", () => {
    expect(problems({ ADMIN_EMAIL: "admin@exemplo.com.br" })).toEqual([
      "ADMIN_PASSWORD: falta; defina ADMIN_EMAIL e ADMIN_PASSWORD juntos para criar o primeiro administrador, ou nenhum dos dois.",
    ]);
    expect(problems({ ADMIN_PASSWORD: "uma frase longa" })[0]).toMatch(/^ADMIN_EMAIL: falta;/);
  });

  it("a phone whose digits cannot be read, unless they are given", () => {
    expect(problems({ SITE_PHONE_DISPLAY: "0800 123 4567" })[0]).toMatch(
      /^SITE_PHONE_DISPLAY: deve ser o telefone com DDD/,
    );
    expect(
      parseConfiguration({ SITE_PHONE_DISPLAY: "0800 123 4567", SITE_PHONE_DIGITS: "5508001234567" }).ok,
    ).toBe(true);
  });

  it("a secret too short, without repeating it", () => {
    for (const [name, value] of [
      ["SITE_SECRET", "curto-demais"],
      ["METRICS_TOKEN", "curto-demais"],
      ["ADMIN_PASSWORD", "curta"],
      ["SMTP_URL", "smtp:segredo"],
      ["DATABASE_URL", "segredo"],
    ] as const) {
      const env =
        name === "ADMIN_PASSWORD" ? { ADMIN_EMAIL: "a@exemplo.com.br", [name]: value } : { [name]: value };
      const [problem, ...rest] = problems(env);
      expect(rest, name).toEqual([]);
      expect(problem, name).toMatch(new RegExp(`^${name}: deve|^${name}: A senha`));
      expect(problem, name).not.toContain(value);
    }
  });
});

describe("several malformed values", () => {
  it("are all listed at once, in the schema's order, each naming its variable", () => {
    const env = {
      PORT: "porta",
      HOST: "não é um host",
      SMTP_URL: "smtp:servidor",
      ADMIN_EMAIL: "admin@exemplo.com.br",
      QUOTE_MIN_FILL_SECONDS: "-1",
      RENDER_CACHE: "talvez",
      RUNWARE_API_URL: "http://api.runware.ai/v1",
    };
    const listed = problems(env);
    expect(listed.map((problem) => problem.split(":")[0])).toEqual([
      "PORT",
      "HOST",
      "ADMIN_PASSWORD",
      "SMTP_URL",
      "QUOTE_MIN_FILL_SECONDS",
      "RENDER_CACHE",
      "RUNWARE_API_URL",
    ]);
    // pt-BR throughout: no library's English default message slips through.
    for (const problem of listed) expect(problem).not.toMatch(/Invalid|Expected|Required/);
  });

  it("throw one ConfigurationError whose message lists them", () => {
    let error: unknown;
    try {
      configurationFrom({ PORT: "porta", RENDER_CACHE: "talvez" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).problems).toHaveLength(2);
    expect((error as Error).message).toBe(
      "Configuração inválida (no ambiente ou no arquivo .env); corrija e inicie de novo:\n" +
        '- PORT: deve ser um número de porta, de 1 a 65535 (ex.: 3000) (recebido "porta").\n' +
        '- RENDER_CACHE: deve ser "on" ou "off" (recebido "talvez").',
    );
  });
});
