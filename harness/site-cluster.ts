// Several instances of the production server behind Caddy, on this machine: what `npm run
// cluster`, the multi-instance tests and the benchmark start. Each instance is started as `npm
// start` starts it (harness/bench-server.ts); Caddy runs deploy/Caddyfile as it is, with HTTPS
// from its own CA on 127.0.0.1. With more than one instance the database must be PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type BenchServer, startBenchServer } from "./bench-server.ts";
import { projectRoot } from "./built-site.ts";
import { stopChild } from "./stop-child.ts";
import { systemdEnvironmentOf } from "./systemd-environment.ts";

export interface ClusterInstance {
  /** http://127.0.0.1:<port>, the instance itself (not through Caddy). */
  url: string;
  port: number;
  /** Its process id while it runs. */
  pid: () => number | undefined;
  /** The instance's log so far. */
  log: () => string;
  /** SIGTERM, wait until it has exited. */
  stop: () => Promise<void>;
  /** Start it again on the same port (after stop). */
  start: () => Promise<void>;
}

export interface SiteCluster {
  /** https://127.0.0.1:<port>: Caddy, in front of every instance. */
  url: string;
  instances: ClusterInstance[];
  /** Caddy's root certificate (PEM), for clients that check the HTTPS connection. */
  caCertificate: string;
  /** A request through Caddy, checking its certificate against `caCertificate`. */
  request: (pathname: string, init?: ClusterRequestInit) => Promise<ClusterAnswer>;
  caddyLog: () => string;
  /** Caddy's process id. */
  caddyPid: number | undefined;
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** The instances' configuration (DATABASE_URL, SMTP_URL, …). PUBLIC_URL and TRUST_PROXY are set. */
  env?: Record<string, string>;
  /** Where logs and Caddy's data go (default: a new temporary folder). */
  workDir?: string;
  /** Caddy's HTTPS port (default: a free one). */
  httpsPort?: number;
}

export interface ClusterRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ClusterAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const CADDY_START_TIMEOUT_MS = 30_000;
/** Times Caddy is started again when it put off its first certificate (see `certificateDeferred`). */
const CADDY_RESTARTS = 2;

/** Caddy's log says it could not save a new certificate and will try again later. */
function certificateDeferred(log: string): boolean {
  return log
    .split("\n")
    .some((line) => line.includes('"logger":"tls.obtain"') && line.includes('"msg":"will retry"'));
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function httpsGet(url: string, ca: string, init: ClusterRequestInit = {}): Promise<ClusterAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      { method: init.method ?? "GET", headers: init.headers, ca, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

async function startInstance(env: Record<string, string>, logFile: string, port = 0): Promise<BenchServer> {
  return startBenchServer({ ...env, PORT: String(port) }, logFile);
}

/** The variables of deploy/caddy-environment.conf but the site's address and instances. */
export function caddyDropInEnvironment(): Record<string, string> {
  const {
    SITE_ADDRESS: _address,
    SITE_UPSTREAMS: _upstreams,
    ...rest
  } = systemdEnvironmentOf(path.join(projectRoot, "deploy/caddy-environment.conf"));
  return rest;
}

export async function startCluster(options: ClusterOptions): Promise<SiteCluster> {
  const workDir = options.workDir ?? mkdtempSync(path.join(tmpdir(), "site-cluster-"));
  mkdirSync(workDir, { recursive: true });
  const httpsPort = options.httpsPort ?? (await freePort());
  const publicUrl = `https://127.0.0.1:${httpsPort}`;
  const env = {
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "127.0.0.1,::1",
    // Caddy checks /healthz every 2 s: a stopping instance says 503 for 3 s before it closes.
    SHUTDOWN_DRAIN_SECONDS: "3",
    ...options.env,
  };

  const servers: Array<BenchServer | undefined> = [];
  const instances: ClusterInstance[] = [];
  let caddy: ChildProcess | undefined;
  // Caddy's log (a JSON line per request) goes to a file, as the instances' logs do: read through
  // a pipe it would cost this process CPU that a benchmark counts as the load generator's.
  const caddyLogFile = path.join(workDir, "caddy.log");
  const caddyOutput = () => (existsSync(caddyLogFile) ? readFileSync(caddyLogFile, "utf8") : "");
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server?.stop()));
    if (caddy) await stopChild(caddy);
  };

  try {
    // The instances start one after another: the first one migrates a new database.
    for (let n = 0; n < options.instances; n++) {
      const logFile = path.join(workDir, `instancia-${n + 1}.log`);
      const server = await startInstance(env, logFile);
      servers.push(server);
      const port = Number(new URL(server.url).port);
      instances.push({
        url: server.url,
        port,
        pid: () => servers[n]?.pid,
        log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
        stop: async () => {
          await servers[n]?.stop();
          servers[n] = undefined;
        },
        start: async () => {
          if (servers[n]) return;
          servers[n] = await startInstance(env, logFile, port);
        },
      });
    }

    const caddyHome = path.join(workDir, "caddy");
    mkdirSync(caddyHome, { recursive: true });
    const caddyEnv = {
      ...process.env,
      // Caddy's settings as the maintainer installs them (GOMAXPROCS); its address and
      // upstreams are this cluster's.
      ...caddyDropInEnvironment(),
      HOME: caddyHome,
      XDG_DATA_HOME: path.join(caddyHome, "data"),
      XDG_CONFIG_HOME: path.join(caddyHome, "config"),
      CADDY_ADMIN: "off",
      CADDY_BIND: "127.0.0.1",
      CADDY_HTTP_PORT: String(await freePort()),
      CADDY_HTTPS_PORT: String(httpsPort),
      SITE_ADDRESS: publicUrl,
      SITE_UPSTREAMS: instances.map((instance) => `127.0.0.1:${instance.port}`).join(" "),
    };
    let caddyMissing = false;
    const spawnCaddy = (): ChildProcess => {
      const caddyLogFd = openSync(caddyLogFile, "a");
      const started = spawn(
        "caddy",
        ["run", "--config", path.join(projectRoot, "deploy/Caddyfile"), "--adapter", "caddyfile"],
        { cwd: workDir, env: caddyEnv, stdio: ["ignore", caddyLogFd, caddyLogFd] },
      );
      closeSync(caddyLogFd); // Caddy holds its own copy
      const killCaddy = () => started.kill("SIGKILL");
      process.once("exit", killCaddy);
      started.once("exit", () => process.removeListener("exit", killCaddy));
      // Not installed: said at once, not as a crash of this process.
      started.once("error", (error: NodeJS.ErrnoException) => {
        caddyMissing = error.code === "ENOENT";
      });
      return started;
    };

    const rootCertificate = path.join(caddyHome, "data/caddy/pki/authorities/local/root.crt");
    const deadline = Date.now() + CADDY_START_TIMEOUT_MS;
    let caddyProcess = spawnCaddy();
    caddy = caddyProcess;
    let logSeen = 0;
    let restarts = 0;
    let caCertificate = "";
    for (;;) {
      if (caddyMissing)
        throw new Error("Caddy não encontrado: instale o pacote caddy (apt-get install -y caddy).");
      if (caddyProcess.exitCode !== null)
        throw new Error(`O Caddy saiu com código ${caddyProcess.exitCode}:\n${caddyOutput()}`);
      if (!caCertificate && existsSync(rootCertificate))
        caCertificate = readFileSync(rootCertificate, "utf8");
      if (caCertificate) {
        const ready = await httpsGet(`${publicUrl}/readyz`, caCertificate).catch(() => undefined);
        if (ready?.status === 200) break;
      }
      if (Date.now() > deadline) throw new Error(`O Caddy não respondeu em 30 s:\n${caddyOutput()}`);
      const output = caddyOutput();
      if (certificateDeferred(output.slice(logSeen)) && restarts < CADDY_RESTARTS) {
        // Caddy 2.6's storage clean-up, which runs as it starts, can delete the certificate it
        // is writing for a new site ("key is empty") and then wait 60 s before it tries again.
        // Started again, it finds its own CA and issues the certificate at once.
        await stopChild(caddyProcess, "SIGKILL");
        logSeen = output.length;
        restarts++;
        caddyProcess = spawnCaddy();
        caddy = caddyProcess;
        continue;
      }
      await sleep(100);
    }

    return {
      url: publicUrl,
      instances,
      caCertificate,
      request: (pathname, init) => httpsGet(`${publicUrl}${pathname}`, caCertificate, init),
      caddyLog: caddyOutput,
      caddyPid: caddyProcess.pid,
      stop: async () => {
        await stopAll();
        if (!options.workDir) rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
