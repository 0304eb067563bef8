import { spawnSync } from "node:child_process";
import { cpSync, existsSync, symlinkSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { temporaryDirectories } from "../support/sqlite-site-file";

// The maintenance scripts (database, backup, restore, admin) run the sources on Node's own
// TypeScript support and never build the site. They run here in a copy of the project that
// has no build/ and no build configuration: a script that needed the build would fail or
// create build/, and a module in their import graph that Node cannot load as it is (an import
// without its .ts extension, the ~/ alias, non-erasable syntax) would fail to load.

const root = path.resolve(import.meta.dirname, "../..");
const tempDir = temporaryDirectories("site-maintenance-");
let project: string;
let dataDir: string;

beforeAll(() => {
  project = tempDir();
  for (const entry of ["app", "scripts", "package.json"]) {
    cpSync(path.join(root, entry), path.join(project, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(project, "node_modules"), "dir");
  dataDir = path.join(tempDir(), "dados");
});

function run(script: string, args: string[] = [], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(project, "scripts", script), ...args], {
    cwd: project,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DATABASE_SCHEMA: "",
      INIT_CWD: project,
      ...env,
    },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("maintenance scripts without a build", () => {
  it("migrate, create an admin, back up, restore and re-apply erasures from the sources", () => {
    const migrate = run("db.ts", ["migrate"]);
    expect(migrate.code, migrate.output).toBe(0);
    expect(migrate.output).toMatch(/Migrações aplicadas: 0001-blog/);

    const admin = run("admin-create.ts", [], {
      ADMIN_EMAIL: "dona@exemplo.com.br",
      ADMIN_PASSWORD: "uma senha longa o bastante",
    });
    expect(admin.code, admin.output).toBe(0);
    expect(admin.output).toContain("Administrador dona@exemplo.com.br criado");
    // A common password is refused with the reason, and nothing changes.
    const weak = run("admin-create.ts", [], {
      ADMIN_EMAIL: "outra@exemplo.com.br",
      ADMIN_PASSWORD: "12345678",
    });
    expect(weak.code, weak.output).toBe(1);
    expect(weak.output).toContain("Senha fraca");

    const backup = run("db-backup.ts", ["--out", "copia.db"]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/usuários: 1/);

    const restore = run("db-restore.ts", ["copia.db"]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("Banco restaurado em");
    expect(restore.output).toContain("0 pedidos de orçamento apagados de novo");

    const reapply = run("db-reapply-erasures.ts");
    expect(reapply.code, reapply.output).toBe(0);

    expect(`${migrate.output}${backup.output}${restore.output}`).not.toMatch(/npm run build|Gerando/);
    expect(existsSync(path.join(project, "build"))).toBe(false);
  }, 120_000);
});
