import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfiguration } from "~/server/config/configuration.server";
import { startServer } from "../../harness/server";
import { serverStartCommand } from "../../harness/start-command.ts";

// The maintainer's configuration: `.env` is read by the start and the scripts, the real
// environment wins over it, and every malformed variable is reported at once, in pt-BR, before
// the server opens anything (exit status 1). Needs the production build (npm run build).

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "site-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** SITE_NAME and SITE_EMAIL as a command run in `cwd` sees them after scripts/env-file.js. */
function environmentSeenIn(cwd: string, env: Record<string, string>) {
  const script = `await import(${JSON.stringify(path.join(root, "scripts/env-file.js"))});
    console.log(JSON.stringify({ name: process.env.SITE_NAME, email: process.env.SITE_EMAIL }));`;
  // Unset, not empty: a variable in the environment, even empty, wins over the file.
  const { ENV_FILE: _file, SITE_NAME: _name, SITE_EMAIL: _email, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    env: { ...inherited, ...env },
    encoding: "utf8",
  });
  return { status: run.status, stderr: run.stderr, seen: run.status === 0 ? JSON.parse(run.stdout) : null };
}

describe(".env", () => {
  const project = mkdtempSync(path.join(dir, "project-"));
  writeFileSync(
    path.join(project, ".env"),
    '# comentário\nSITE_NAME="Empresa do Arquivo"\nSITE_EMAIL=arquivo@exemplo.com.br\n',
  );

  it("is read from the directory the command runs in; the real environment wins", () => {
    const run = environmentSeenIn(project, { SITE_EMAIL: "ambiente@exemplo.com.br" });
    expect(run.stderr).toBe("");
    expect(run.seen).toEqual({ name: "Empresa do Arquivo", email: "ambiente@exemplo.com.br" });
  });

  it("can be another file (ENV_FILE), or none (ENV_FILE empty)", () => {
    const other = path.join(dir, "site.env");
    writeFileSync(other, "SITE_NAME=Outro Arquivo\n");
    expect(environmentSeenIn(project, { ENV_FILE: other }).seen).toEqual({ name: "Outro Arquivo" });
    expect(environmentSeenIn(project, { ENV_FILE: "" }).seen).toEqual({});
  });

  it("named by ENV_FILE but missing stops the command with a pt-BR message", () => {
    const run = environmentSeenIn(project, { ENV_FILE: path.join(dir, "nao-existe.env") });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Não foi possível ler o arquivo de configuração");
    expect(run.stderr).toContain("o arquivo não existe");
  });

  it("stops at an unquoted '#' in a value, naming the variable and its line, never the value", () => {
    const file = path.join(dir, "hash.env");
    writeFileSync(
      file,
      "# comentário\nSITE_NAME=Empresa do Arquivo\nSITE_SECRET=abc#def\r\nexport SITE_EMAIL=contato@exemplo.com.br #xyz\n",
    );
    // The production start (server.js), and a script's (every one imports scripts/env-file.js).
    for (const run of [start({ ENV_FILE: file }), environmentSeenIn(project, { ENV_FILE: file })]) {
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Configuração inválida no arquivo ${file}`);
      expect(run.stderr).toContain('SITE_SECRET (linha 3): o valor tem "#" fora de aspas');
      expect(run.stderr).toContain("SITE_EMAIL (linha 4)");
      expect(run.stderr).toContain('SITE_SECRET="…"');
      expect(run.stderr).not.toMatch(/abc|def|xyz|SITE_NAME/);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
  }, 30_000);

  it("stops at text after a value's closing quote, which would be lost, never showing the value", () => {
    const file = path.join(dir, "after-quote.env");
    writeFileSync(file, 'SITE_NAME=Empresa\nMAIL_FROM="Site da Empresa" <no-reply@empresa.com.br>\n');
    const run = environmentSeenIn(project, { ENV_FILE: file });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MAIL_FROM (linha 2): há texto depois das aspas que fecham o valor");
    expect(run.stderr).toContain(`MAIL_FROM='"Nome" <endereco>'`);
    expect(run.stderr).not.toMatch(/Site da Empresa|no-reply/);
  });

  it("reads '#' inside quotes as part of the value, over lines too", () => {
    const file = path.join(dir, "quoted.env");
    writeFileSync(
      file,
      [
        "# SITE_EMAIL=comentado#",
        'SITE_NAME="Empresa #1"  # um comentário depois das aspas',
        "SITE_EMAIL='contato#obras@exemplo.com.br'",
        'SITE_DESCRIPTION="primeira linha',
        'LINHA_DENTRO=do#valor"',
        "",
      ].join("\n"),
    );
    const run = environmentSeenIn(project, { ENV_FILE: file });
    expect(run.stderr).toBe("");
    expect(run.seen).toEqual({ name: "Empresa #1", email: "contato#obras@exemplo.com.br" });
  });

  it("configures the production server, under the real environment", async () => {
    const file = path.join(dir, "server.env");
    writeFileSync(
      file,
      `SITE_NAME=Empresa Configurada Pelo Arquivo\nSITE_PHONE_DISPLAY=(41) 3000-1111\nDATA_DIR=${dir}/data\n` +
        // Quoted, the "#" is part of the value: cut there, it would be too short to start.
        'SITE_SECRET="abc#def-e-o-resto-de-um-segredo-longo"\n',
    );
    const server = await startServer({ ENV_FILE: file, SITE_PHONE_DISPLAY: "(41) 3000-2222" });
    try {
      const home = await (await fetch(`${server.url}/politica-de-privacidade`)).text();
      expect(home).toContain("Empresa Configurada Pelo Arquivo");
      expect(home).toContain("(41) 3000-2222");
      expect(home).not.toContain("(41) 3000-1111");
    } finally {
      await server.stop();
    }
  }, 30_000);
});

/** The production start (server.js on the build) in `root`, with `env` on top. */
function start(env: Record<string, string>) {
  const command = serverStartCommand();
  return spawnSync(process.execPath, command.args, {
    cwd: root,
    env: { ...process.env, ...command.env, ENV_FILE: "", DATA_DIR: path.join(dir, "never-created"), ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("a malformed configuration", () => {
  it("stops the production server with both pt-BR messages, no stack trace, nothing opened", () => {
    const run = start({ PORT: "abc", SITE_EMAIL: "contato@" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'PORT: deve ser um número de porta, de 1 a 65535 (ex.: 3000) (recebido "abc").',
    );
    expect(run.stderr).toContain(
      'SITE_EMAIL: deve ser um e-mail, como contato@empresa.com.br (recebido "contato@").',
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain("Site no ar");
    expect(existsSync(path.join(dir, "never-created"))).toBe(false);
  }, 30_000);

  it("stops the start with every problem at once, each named, in pt-BR", () => {
    const run = start({
      PORT: "porta",
      HOST: "não é um host",
      PUBLIC_URL: "www.sem-protocolo.com.br",
      DATABASE_URL: "postgres://",
      DATABASE_SCHEMA: "",
      SMTP_URL: "smtp:servidor",
      LEADS_TO: "contato@, outro",
      QUOTE_RATE_LIMIT_PER_HOUR: "muitos",
      RENDER_CACHE: "talvez",
      TRUST_PROXY: "o proxy",
      RUNWARE_API_URL: "http://api.runware.ai/v1",
      ADMIN_EMAIL: "admin@exemplo.com.br",
      ADMIN_PASSWORD: "",
      SITE_SECRET: "curto-demais",
    });
    expect(run.status).toBe(1);
    const output = run.stderr;
    expect(output).toContain("Configuração inválida");
    for (const variable of [
      "PORT",
      "HOST",
      "PUBLIC_URL",
      "DATABASE_URL",
      "SMTP_URL",
      "LEADS_TO",
      "QUOTE_RATE_LIMIT_PER_HOUR",
      "RENDER_CACHE",
      "TRUST_PROXY",
      "RUNWARE_API_URL",
      "ADMIN_PASSWORD",
      "SITE_SECRET",
    ]) {
      expect(output, variable).toMatch(new RegExp(`\\b${variable}\\b`));
    }
    // Nothing was opened or created, and no value that may hold a secret is echoed.
    expect(run.stdout).not.toContain("Site no ar");
    expect(output).not.toContain("smtp:servidor");
    expect(output).not.toContain("curto-demais");
    // pt-BR throughout: no library's English default message slips through.
    expect(output).not.toMatch(/Invalid|Expected|Required/);
  }, 30_000);
});

describe(".env.example", () => {
  const example = readFileSync(path.join(root, ".env.example"), "utf8");
  // Each line uncommented, read as the site reads a .env (scripts/env-file.js).
  const settings = Object.entries(
    parseEnv([...example.matchAll(/^#([A-Z][A-Z0-9_]*=.*)$/gm)].map(([, line]) => line).join("\n")),
  );

  it("lists every variable of the configuration table (docs/configuration.md), and only those", () => {
    const table = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`(?: \/ `([A-Z][A-Z0-9_]*)`)?/gm)].flatMap(
      ([, first, second]) => (second ? [first, second] : [first]),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(settings.map(([name]) => name).sort()).toEqual([...new Set(documented)].sort());
  });

  it("gives values that the start accepts, uncommented all together", () => {
    const env = Object.fromEntries(settings.filter(([name]) => name !== "ENV_FILE"));
    expect(parseConfiguration(env)).toMatchObject({ ok: true });
  });
});
