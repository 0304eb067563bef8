// What the suite needs from the machine, checked before any test runs: by `npm test`
// (scripts/test.ts) and by CI (.ci/run), so the two cannot drift apart. Where it can (root,
// apt-get), it installs what is missing from Debian and starts a local PostgreSQL; where it
// cannot, it prints one line with the command to run and fails. On a complete machine it prints
// nothing. Runs alone too: `npm exec -- node scripts/test-prerequisites.ts`.
import { type SpawnSyncOptions, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { chromiumPath, DEBIAN_HEADLESS_SHELL_PACKAGE } from "../harness/chromium.ts";
import { requestedEngines } from "../harness/test-engines.ts";

type Env = Record<string, string | undefined>;

/** A program the suite runs, and the Debian package that brings it. The one list of them. */
interface SystemProgram {
  command: string;
  debianPackage: string;
}

const systemPrograms: SystemProgram[] = [
  // The cluster tests run deploy/Caddyfile in front of several instances.
  { command: "caddy", debianPackage: "caddy" },
  // Checks deploy/*.service.
  { command: "systemd-analyze", debianPackage: "systemd" },
  // Debian's own sqlite3 must open the site's database (tests/integration/sqlite-tools.test.ts).
  { command: "sqlite3", debianPackage: "sqlite3" },
  // Python's csv module reads the CSV exports as a spreadsheet's reader would (csv-exports.test.ts).
  { command: "python3", debianPackage: "python3" },
];

const POSTGRES_WAIT_MS = 30_000;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string, env: Env): boolean {
  return (env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir !== "" && isExecutable(path.join(dir, command)));
}

/** Installing is for root on Debian, unless TEST_PREREQUISITES_NO_INSTALL=1 asks only to report. */
function canInstall(env: Env): boolean {
  return env.TEST_PREREQUISITES_NO_INSTALL !== "1" && process.getuid?.() === 0 && onPath("apt-get", env);
}

/** The command as the person reading it must type it: with sudo unless they are root. */
function asRoot(command: string): string {
  return process.getuid?.() === 0 ? command : `sudo ${command}`;
}

function aptInstallCommand(packages: string[]): string {
  return `${asRoot("apt-get update")} && ${asRoot(`apt-get install -y ${packages.join(" ")}`)}`;
}

/** Whether it worked is for the second look to say: the programs are there or not. */
function aptInstall(packages: string[], env: Env): void {
  // Waits for another apt on the machine instead of failing on its lock.
  const lock = ["-o", "DPkg::Lock::Timeout=300"];
  const options: SpawnSyncOptions = {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
  };
  const update = spawnSync("apt-get", [...lock, "update", "-qq"], options);
  if (update.status !== 0) return;
  spawnSync("apt-get", [...lock, "install", "-y", "-qq", ...packages], options);
}

/** Debian packages to install; a CHROMIUM_PATH naming no binary is reported, never "fixed". */
function missingPackages(env: Env, problems: string[]): string[] {
  const packages: string[] = [];
  const chromium = chromiumPath(env);
  if (!isExecutable(chromium)) {
    if (env.CHROMIUM_PATH) {
      // Installing Debian's Chromium would not put a binary at that path.
      problems.push(
        `CHROMIUM_PATH=${env.CHROMIUM_PATH}: não há um executável nesse caminho; aponte CHROMIUM_PATH para o Chromium ou use o do Debian: unset CHROMIUM_PATH && ${aptInstallCommand([DEBIAN_HEADLESS_SHELL_PACKAGE])}`,
      );
    } else {
      packages.push(DEBIAN_HEADLESS_SHELL_PACKAGE);
    }
  }
  for (const program of systemPrograms) {
    if (!onPath(program.command, env)) packages.push(program.debianPackage);
  }
  return packages;
}

/** The PostgreSQL addresses the run will use: the store tests' and the end-to-end server's. */
function postgresAddresses(env: Env): { host: string; port: number }[] {
  const urls = new Set<string>();
  if (requestedEngines(env).includes("postgres") && env.TEST_DATABASE_URL) urls.add(env.TEST_DATABASE_URL);
  if (env.DATABASE_URL?.startsWith("postgres")) urls.add(env.DATABASE_URL);
  const addresses = new Map<string, { host: string; port: number }>();
  for (const url of urls) {
    const parsed = URL.parse(url);
    const host = parsed?.hostname.replace(/^\[|\]$/g, "") || "localhost";
    const port = Number(parsed?.port || 5432);
    addresses.set(`${host}:${port}`, { host, port });
  }
  return [...addresses.values()];
}

function reachable({ host, port }: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** Debian's PostgreSQL cluster on this machine, if there is one (/etc/postgresql/<version>/main). */
function clusterVersion(): string | undefined {
  if (!existsSync("/etc/postgresql")) return undefined;
  return readdirSync("/etc/postgresql")
    .filter((version) => existsSync(path.join("/etc/postgresql", version, "main")))
    .sort((a, b) => Number(b) - Number(a))[0];
}

async function waitUntilReachable(address: { host: string; port: number }): Promise<boolean> {
  const deadline = Date.now() + POSTGRES_WAIT_MS;
  while (Date.now() < deadline) {
    if (await reachable(address)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function checkPostgres(env: Env, problems: string[]): Promise<void> {
  for (const address of postgresAddresses(env)) {
    if (await reachable(address)) continue;
    const where = `${address.host}:${address.port}`;
    const version = clusterVersion();
    if (!isLoopback(address.host)) {
      problems.push(
        `PostgreSQL não responde em ${where}: inicie esse servidor ou corrija TEST_DATABASE_URL/DATABASE_URL.`,
      );
      continue;
    }
    const start = `pg_ctlcluster --skip-systemctl-redirect ${version ?? "<versão>"} main start`;
    if (version && canInstall(env) && onPath("pg_ctlcluster", env)) {
      console.log(`PostgreSQL não responde em ${where}: iniciando (${start}).`);
      const started = spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
        stdio: ["ignore", "inherit", "inherit"],
      });
      if (started.status === 0 && (await waitUntilReachable(address))) continue;
    }
    const install = version ? "" : `${aptInstallCommand(["postgresql"])} && `;
    problems.push(`PostgreSQL não responde em ${where}; inicie com: ${install}${asRoot(start)}`);
  }
}

/**
 * Makes the machine ready for the suite where it can, and says what is missing where it cannot.
 * Returns whether the suite can run; prints nothing when nothing was missing.
 */
export async function ensureTestPrerequisites(env: Env = process.env): Promise<boolean> {
  const problems: string[] = [];
  let packages = missingPackages(env, problems);
  if (packages.length && canInstall(env)) {
    console.log(
      `Faltam para os testes: ${packages.join(", ")}; instalando do Debian (apt-get install -y ${packages.join(" ")}).`,
    );
    aptInstall(packages, env);
    packages = missingPackages(env, []);
  }
  if (packages.length) {
    problems.push(
      `Faltam para os testes: ${packages.join(", ")}; instale com: ${aptInstallCommand(packages)}`,
    );
  }
  try {
    await checkPostgres(env, problems);
  } catch (error) {
    // TEST_ENGINES naming an unknown engine, or PostgreSQL without TEST_DATABASE_URL.
    problems.push(error instanceof Error ? error.message : String(error));
  }
  for (const problem of problems) console.error(problem);
  return problems.length === 0;
}

if (import.meta.main) process.exitCode = (await ensureTestPrerequisites()) ? 0 : 1;
