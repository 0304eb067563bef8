import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { temporaryDirectories } from "../support/sqlite-site-file";

// The production install as docs/operations.md gives it: `npm ci`, `npm run build`, then
// `npm prune --omit=dev`. Here on a copy of this checkout (its files, its node_modules as hard
// links, its build), pruned for real; then `npm start` must serve the site and the systemd
// units' commands must still run, on Node 24 from the project itself.

const root = path.resolve(import.meta.dirname, "../..");
const tempDir = temporaryDirectories("site-production-install-");
let project: string;

/** What the maintainer's shell has, without this checkout's own node_modules/.bin (Node 24). */
const systemPath = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((entry) => !entry.includes(`node_modules${path.sep}.bin`))
  .join(path.delimiter);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd: project,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, PATH: systemPath, ENV_FILE: "", DATABASE_URL: "", DATABASE_SCHEMA: "", ...env },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A systemd unit's ExecStart as it would run here: /opt/alvorada-site is the project. */
function execStartOf(unit: string): string[] {
  const line = readFileSync(path.join(project, "deploy", unit), "utf8")
    .split("\n")
    .find((candidate) => candidate.startsWith("ExecStart="));
  if (!line) throw new Error(`${unit} has no ExecStart`);
  return line
    .slice("ExecStart=".length)
    .split(/\s+/)
    .map((word) => word.replace("/opt/alvorada-site", project));
}

beforeAll(() => {
  project = tempDir();
  // The checkout's files (tracked, and new ones not ignored), with their times, so the copied
  // build is as current for the copy as it is here.
  const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  const folders = new Set<string>();
  for (const file of files.stdout.split("\0").filter(Boolean)) {
    if (!existsSync(path.join(root, file))) continue; // deleted, not yet committed
    cpSync(path.join(root, file), path.join(project, file), { preserveTimestamps: true });
    for (let folder = path.dirname(file); folder !== "."; folder = path.dirname(folder)) folders.add(folder);
  }
  // A folder's time counts too (a file removed from it changes it): the copy's are the originals'.
  for (const folder of folders) {
    const { atime, mtime } = statSync(path.join(root, folder));
    utimesSync(path.join(project, folder), atime, mtime);
  }
  cpSync(path.join(root, "build"), path.join(project, "build"), {
    recursive: true,
    preserveTimestamps: true,
  });
  // Hard links: a second copy of 570 MB would take longer than the rest of the test. npm
  // rewrites its own record of the tree, so that one file is a copy of its own.
  expect(run("cp", ["-al", path.join(root, "node_modules"), path.join(project, "node_modules")]).code).toBe(
    0,
  );
  const record = path.join(project, "node_modules/.package-lock.json");
  rmSync(record);
  cpSync(path.join(root, "node_modules/.package-lock.json"), record);

  const prune = run("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"]);
  expect(prune.code, prune.output).toBe(0);
}, 180_000);

describe("the production install (npm ci, npm run build, npm prune --omit=dev)", () => {
  it("keeps Node 24 and none of the measuring or test tools", () => {
    const installed = (name: string) => existsSync(path.join(project, "node_modules", name, "package.json"));
    for (const tool of [
      "@playwright/test",
      "playwright-core",
      "lighthouse",
      "chrome-launcher",
      "autocannon",
      "vitest",
      "vite",
      "@react-router/dev",
      "typescript",
      "knip",
      "@biomejs/biome",
      "smtp-server",
    ]) {
      expect(installed(tool), `${tool} is still installed`).toBe(false);
    }
    for (const runtime of ["node", "react-router", "kysely", "sharp", "pg"]) {
      expect(installed(runtime), `${runtime} is missing`).toBe(true);
    }
    // Both systemd units run the project's own Node.
    for (const unit of ["alvorada-site@.service", "alvorada-site-backup.service"]) {
      const [node] = execStartOf(unit);
      if (!node) throw new Error(`${unit}: empty ExecStart`);
      const version = run(node, ["--version"]);
      expect(version.output.trim(), unit).toMatch(/^v24\./);
    }
  });

  describe("npm start", () => {
    let server: ChildProcess | undefined;
    let output = "";
    let smtp: SmtpSink;
    const dataDir = () => path.join(project, "dados");

    beforeAll(async () => {
      smtp = await startSmtpSink();
    });

    afterAll(async () => {
      await smtp.close();
      if (!server?.pid || server.exitCode !== null) return;
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      // npm and the shell it runs the script in: the whole group, as a terminal's Ctrl+C.
      process.kill(-server.pid, "SIGTERM");
      await exited;
    });

    it("serves the site with its demo content, and the backup unit's command runs", async () => {
      server = spawn("npm", ["start"], {
        cwd: project,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          PATH: systemPath,
          ENV_FILE: "",
          DATABASE_URL: "",
          DATABASE_SCHEMA: "",
          DATA_DIR: dataDir(),
          PORT: "0",
          HOST: "127.0.0.1",
          ...smtp.env,
          MAIL_FROM: "Site <no-reply@exemplo.com.br>",
          LEADS_TO: "contato@exemplo.com.br",
        },
      });
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not serve:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const port = output.match(/escutando em 127\.0\.0\.1:(\d+)/)?.[1];
          if (port) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${port}`);
          }
        };
        server?.stdout?.on("data", onData);
        server?.stderr?.on("data", onData);
        server?.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`npm start exited with ${code}:\n${output}`));
        });
      });
      // Built as it was: npm's prestart did not try to build again.
      expect(output).not.toContain("Gerando a versão de produção");

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
      expect(html).toContain("Solicitar Orçamento");
      const blog = await fetch(`${url}/blog`);
      expect(blog.status).toBe(200);
      // The demo articles, from the database the first start made.
      expect(await blog.text()).toMatch(/<a href="\/blog\/[a-z0-9-]+"[^>]*>Ler Artigo Completo/);

      // The backup unit's own command line, against the database the server just made.
      const [node, ...args] = execStartOf("alvorada-site-backup.service");
      if (!node) throw new Error("the backup unit has no command");
      const backup = run(node, args, { DATA_DIR: dataDir() });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain("Backup concluído");
    }, 90_000);

    it("gives the last Administrador, with every second factor lost, the way back in", async () => {
      const email = "dona@exemplo-condominio.com.br";
      const created = run("npm", ["run", "--silent", "admin:create"], {
        DATA_DIR: dataDir(),
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: "Fachada-Curitiba-2026!x",
      });
      expect(created.code, created.output).toBe(0);
      const file = new DatabaseSync(path.join(dataDir(), "site.db"));
      const rows = (table: string) =>
        (file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      try {
        file
          .prepare(
            "insert into totp_secrets (user_id, secret, confirmed_at, created_at) select id, 'perdido', ?, ? from users where email = ?",
          )
          .run(new Date().toISOString(), new Date().toISOString(), email);
        expect(rows("totp_secrets")).toBe(1);

        const wrongUsage = run("npm", ["run", "--silent", "admin:reset-second-factor"], {
          DATA_DIR: dataDir(),
        });
        expect(wrongUsage.code).toBe(2);
        expect(wrongUsage.output).toContain("Uso: npm run admin:reset-second-factor <e-mail>");
        const unknown = run(
          "npm",
          ["run", "--silent", "admin:reset-second-factor", "ninguem@exemplo.com.br"],
          {
            DATA_DIR: dataDir(),
          },
        );
        expect(unknown.code).toBe(1);
        expect(unknown.output).toContain("Nenhuma conta com o e-mail ninguem@exemplo.com.br.");

        // Typed as people type it: the account's e-mail in capitals still names it.
        const reset = run("npm", ["run", "--silent", "admin:reset-second-factor", email.toUpperCase()], {
          DATA_DIR: dataDir(),
        });
        expect(reset.code, reset.output).toBe(0);
        expect(reset.output).toContain(`Verificação em duas etapas de ${email} redefinida`);
        // Built as it was: the command ran from the pruned install's bundle.
        expect(reset.output).not.toContain("Gerando a versão de produção");
        expect(rows("totp_secrets")).toBe(0);
        const audit = file
          .prepare(
            "select user_id, target_label, details from audit_log where action = 'user.two_factor_reset'",
          )
          .all();
        expect(audit).toEqual([
          {
            user_id: null,
            target_label: email,
            details: JSON.stringify({
              aplicativo_autenticador: true,
              passkeys_removidas: 0,
              pela_linha_de_comando: true,
            }),
          },
        ]);
      } finally {
        file.close();
      }
      // The running site's outbox sends the notice the command queued.
      const [notice] = await smtp.waitForMessages(1, 30_000);
      expect(notice?.envelopeTo).toEqual([email]);
      expect(notice?.headers.get("subject")).toMatch(
        /^Verificação em duas etapas redefinida no painel do site /,
      );
      expect(notice?.text).toContain("Quem administra o servidor do site");
      expect(notice?.text).toContain("redefiniu a verificação em duas etapas da sua conta");

      // Nothing left to clear: refused, and nothing more recorded.
      const again = run("npm", ["run", "--silent", "admin:reset-second-factor", email], {
        DATA_DIR: dataDir(),
      });
      expect(again.code).toBe(1);
      expect(again.output).toContain("Esta conta não tem verificação em duas etapas nem passkey");
    }, 90_000);
  });

  it("a build older than the sources is refused with the commands that make a new one", () => {
    const source = path.join(project, "app/root.tsx");
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    const start = run(path.join(project, "node_modules/node/bin/node"), ["scripts/build-if-needed.ts"]);
    expect(start.code).toBe(1);
    expect(start.output).toContain("npm ci && npm run build && npm prune --omit=dev");
  });
});
