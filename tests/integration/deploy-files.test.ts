import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readBackupRecord } from "~/server/db/backup-record.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { caddyDropInEnvironment, freePort } from "../../harness/site-cluster.ts";
import { serverStartCommand } from "../../harness/start-command.ts";
import { systemdEnvironment, systemdEnvironmentOf } from "../../harness/systemd-environment.ts";
import { testEngines } from "../support/test-database";

// Every file in deploy/ is used here, as a maintainer installs it (docs/operations.md): the systemd
// units pass `systemd-analyze verify` without a warning, and their commands, run as written
// with their environment, serve the site and take a backup; Caddy's drop-in passes the same check
// with Debian's caddy.service; the Caddyfile is valid with the drop-in's variables (the
// multi-instance tests run both: tests/e2e/cluster.spec.ts). Needs the production build.

const root = path.resolve(import.meta.dirname, "../..");
const deploy = path.join(root, "deploy");
const INSTALLED_AT = "/opt/alvorada-site";
const work = mkdtempSync(path.join(tmpdir(), "site-deploy-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Unit {
  text: string;
  /** Every Environment= assignment of [Service]. */
  environment: Record<string, string>;
  execStart: string[];
}

function readUnit(name: string, instance = ""): Unit {
  const text = readFileSync(path.join(deploy, name), "utf8").replaceAll("%i", instance);
  const execStart = /^ExecStart=(.*)$/m.exec(text)?.[1]?.trim().split(/\s+/) ?? [];
  return { text, environment: systemdEnvironment(text), execStart };
}

/** The unit's command as installed in this checkout instead of /opt/alvorada-site. */
function here(args: string[]): string[] {
  return args.map((arg) => arg.replaceAll(INSTALLED_AT, root));
}

function run(args: string[], env: Record<string, string>) {
  const [command, ...rest] = here(args);
  return spawnSync(command as string, rest, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });
}

describe("the systemd units", () => {
  it("pass systemd-analyze verify with no warning", () => {
    const units = mkdtempSync(path.join(work, "units-"));
    for (const name of readdirSync(deploy).filter((file) => /\.(service|timer)$/.test(file))) {
      const text = readFileSync(path.join(deploy, name), "utf8").replaceAll(INSTALLED_AT, root);
      writeFileSync(path.join(units, name.replace("@.service", "@3000.service")), text);
    }
    const names = readdirSync(units);
    expect(names.sort()).toEqual([
      "alvorada-site-backup.service",
      "alvorada-site-backup.timer",
      "alvorada-site@3000.service",
    ]);
    const verify = spawnSync("systemd-analyze", ["verify", ...names], { cwd: units, encoding: "utf8" });
    expect(verify.stderr + verify.stdout).toBe("");
    expect(verify.status).toBe(0);
  });

  it("start the site as `npm start` does: same node flags and memory settings", () => {
    const unit = readUnit("alvorada-site@.service", "3000");
    const start = serverStartCommand();
    expect(unit.execStart.slice(1)).toEqual(start.args);
    expect(path.relative(root, here(unit.execStart)[0] as string)).toBe("node_modules/node/bin/node");
    for (const [name, value] of Object.entries(start.env)) expect(unit.environment[name], name).toBe(value);
    expect(unit.text).toMatch(/^NoNewPrivileges=yes$/m);
    expect(unit.text).toMatch(/^ProtectSystem=strict$/m);
    expect(unit.text).toMatch(/^StateDirectory=alvorada-site$/m);
    expect(unit.environment.DATA_DIR).toBe("/var/lib/alvorada-site");
  });

  it("the instance unit's command, with its environment and configuration file, serves the site", async () => {
    const unit = readUnit("alvorada-site@.service", String(await freePort()));
    const dataDir = mkdtempSync(path.join(work, "state-"));
    const configFile = path.join(work, "site.env");
    writeFileSync(configFile, "SITE_NAME=Empresa Instalada Pelo Systemd\n");
    const [command, ...args] = here(unit.execStart);
    const child = spawn(command as string, args, {
      cwd: root,
      // What systemd gives the process: the unit's variables, the paths of this machine.
      env: { PATH: process.env.PATH ?? "", ...unit.environment, ENV_FILE: configFile, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      const base = `http://127.0.0.1:${unit.environment.PORT}`;
      await expect
        .poll(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.status, { timeout: 60_000 })
        .toBe(200);
      expect(await (await fetch(`${base}/politica-de-privacidade`)).text()).toContain(
        "Empresa Instalada Pelo Systemd",
      );
      expect(existsSync(path.join(dataDir, "site.db"))).toBe(true);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    // SIGTERM (the unit's KillSignal): a graceful stop.
    expect(child.exitCode, output).toBe(0);
  }, 90_000);

  describe.each(testEngines())("the backup unit's command on $name", (engine) => {
    afterAll(() => engine.drop());

    it("takes a checked backup into the state directory and keeps the newest 14", async () => {
      const unit = readUnit("alvorada-site-backup.service");
      // SQLite keeps its database in DATA_DIR; PostgreSQL's backups go there too.
      const dataDir = engine.env.DATA_DIR ?? mkdtempSync(path.join(work, "backup-state-"));
      // A database with the site's tables: the site's first start creates it.
      const migrate = spawnSync(process.execPath, ["scripts/db.ts", "migrate"], {
        cwd: root,
        env: {
          ...process.env,
          ENV_FILE: "",
          DATABASE_URL: "",
          DATABASE_SCHEMA: "",
          DATA_DIR: dataDir,
          ...engine.env,
        },
        encoding: "utf8",
      });
      expect(migrate.status, migrate.stderr).toBe(0);
      const backups = path.join(dataDir, "backups");
      // Fifteen older backups: the run keeps its own and the 13 newest of them.
      spawnSync("mkdir", ["-p", backups]);
      for (let day = 1; day <= 15; day++) {
        const name = `site-202601${String(day).padStart(2, "0")}-030000.${engine.name === "sqlite" ? "db" : "dump"}`;
        copyFileSync(path.join(root, "package.json"), path.join(backups, name));
      }
      const result = run(unit.execStart, {
        ...unit.environment,
        ENV_FILE: "",
        DATABASE_URL: "",
        DATABASE_SCHEMA: "",
        DATA_DIR: dataDir,
        ...engine.env,
      });
      expect(result.status, result.stderr + result.stdout).toBe(0);
      expect(result.stdout).toContain("Backup concluído");
      const kept = readdirSync(backups).sort();
      expect(kept).toHaveLength(14);
      expect(kept[0]).toBe(`site-20260103-030000.${engine.name === "sqlite" ? "db" : "dump"}`);
      const made = kept.filter((name) => !name.startsWith("site-202601"));
      expect(made).toHaveLength(1);
      // The site's database records the run: the admin's health list shows its age.
      const handle = await openDatabase(databaseConfigFromEnv({ DATA_DIR: dataDir, ...engine.env }));
      try {
        expect((await readBackupRecord(handle.db))?.file).toBe(path.join(backups, made[0] ?? ""));
      } finally {
        await handle.close();
      }
    }, 90_000);
  });

  it("the timer runs the backup every night and catches up a missed one", () => {
    const timer = readFileSync(path.join(deploy, "alvorada-site-backup.timer"), "utf8");
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 03:00:00$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    const next = spawnSync("systemd-analyze", ["calendar", "*-*-* 03:00:00"], { encoding: "utf8" });
    expect(next.stdout).toMatch(/Next elapse: .* 03:00:00/);
  });
});

const caddyDropIn = path.join(deploy, "caddy-environment.conf");
const DEBIAN_CADDY_UNIT = "/lib/systemd/system/caddy.service";

describe("Caddy's drop-in", () => {
  it("passes systemd-analyze verify with Debian's caddy.service, with no warning", () => {
    const units = mkdtempSync(path.join(work, "caddy-units-"));
    copyFileSync(DEBIAN_CADDY_UNIT, path.join(units, "caddy.service"));
    mkdirSync(path.join(units, "caddy.service.d"));
    copyFileSync(caddyDropIn, path.join(units, "caddy.service.d", "alvorada-site.conf"));
    const verify = spawnSync("systemd-analyze", ["verify", "caddy.service"], {
      cwd: units,
      // Only this folder (and systemd's own units): the drop-in is read from caddy.service.d.
      env: { ...process.env, SYSTEMD_UNIT_PATH: `${units}:` },
      encoding: "utf8",
    });
    expect(verify.stderr + verify.stdout).toBe("");
    expect(verify.status).toBe(0);
  });

  it("gives Caddy the site's address, its instances and one scheduler thread; the cluster uses the same", () => {
    expect(systemdEnvironmentOf(caddyDropIn)).toEqual({
      SITE_ADDRESS: "www.empresa.com.br",
      SITE_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002",
      GOMAXPROCS: "1",
    });
    expect(caddyDropInEnvironment()).toEqual({ GOMAXPROCS: "1" });
  });
});

describe("the Caddyfile", () => {
  it("is valid with the drop-in's public name and instances", () => {
    const caddyHome = mkdtempSync(path.join(work, "caddy-"));
    const validate = spawnSync(
      "caddy",
      ["validate", "--config", path.join(deploy, "Caddyfile"), "--adapter", "caddyfile"],
      {
        env: {
          ...process.env,
          HOME: caddyHome,
          XDG_DATA_HOME: caddyHome,
          XDG_CONFIG_HOME: caddyHome,
          ...systemdEnvironmentOf(caddyDropIn),
        },
        encoding: "utf8",
      },
    );
    expect(validate.status, validate.stderr).toBe(0);
    const adapted = spawnSync(
      "caddy",
      ["adapt", "--config", path.join(deploy, "Caddyfile"), "--adapter", "caddyfile"],
      {
        env: { ...process.env, SITE_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002" },
        encoding: "utf8",
      },
    );
    const config = JSON.parse(adapted.stdout);
    const proxy = JSON.stringify(config.apps.http.servers);
    expect(proxy).toContain('"dial":"127.0.0.1:3001"');
    expect(proxy).toContain('"dial":"127.0.0.1:3002"');
    expect(proxy).toContain('"uri":"/healthz"');
  });
});
