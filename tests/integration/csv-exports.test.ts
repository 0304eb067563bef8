import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { loader as auditCsvLoader } from "~/routes/admin-auditoria-csv";
import { loader as conversionsCsvLoader } from "~/routes/admin-solicitacoes-conversoes-csv";
import { loader as leadsCsvLoader } from "~/routes/admin-solicitacoes-csv";
import { hashPassword } from "~/server/accounts/password.server";
import { createSession } from "~/server/accounts/sessions.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { database } from "~/server/db/database.server";
import { insertTestLead, insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The admin's CSV exports with a visitor's hostile text in them, made by the routes and read the
// way another program reads them: Python's csv module, with ";" (the files' separator) and with
// "," (a reader that guesses wrong). No cell may start like a formula, and a message of several
// lines is one cell (docs/decisions/0068-csv-cells.md). A "," reader still splits a cell of a
// ";" file at its commas wherever that cell is not first on its line, so a hostile value with
// a comma before a formula is only in a first column (where quoting does keep it whole).

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost:3000";

const MESSAGE = 'Bom dia; a fachada, do bloco "B"\nestá soltando pastilhas.\r\nObrigada, Ana';
const hostile = {
  name: " =cmd|' /C calc'!A0",
  email: `sindica-${randomUUID().slice(0, 8)}@exemplo.com.br`,
  phone: "+55 (41) 98888-7777",
  condominium: '"@x Condomínio',
  service: "\t=1+1",
  message: MESSAGE,
  note: "-2+3",
  // The first column of the conversions' sources: a "," reader starts a cell there too.
  utm_source: '=Google, "Ads"; verão\nsegunda linha',
  utm_campaign: "@campanha",
  created_at: "2026-11-10T12:00:00.000Z",
  updated_at: "2026-11-10T12:00:00.000Z",
};
/** Only in the conversions' sources, where it is a first column (the inbox's export is of "novo"). */
const COMMA_SOURCE = "Google, =cmd";

type Delimiter = ";" | ",";
type Read = Record<string, Record<Delimiter, string[][]>>;

/** The cells of each file as Python's csv module reads them, with ";" and with ",": one run. */
function readWithPython(files: Record<string, Buffer>): Read {
  const script = [
    "import base64, csv, io, json, sys",
    "files = json.load(sys.stdin)",
    "def read(data, delimiter):",
    '    text = io.TextIOWrapper(io.BytesIO(base64.b64decode(data)), encoding="utf-8-sig", newline="")',
    "    return list(csv.reader(text, delimiter=delimiter))",
    'print(json.dumps({name: {d: read(data, d) for d in ";,"} for name, data in files.items()}))',
  ].join("\n");
  const input = JSON.stringify(
    Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes.toString("base64")])),
  );
  const run = spawnSync("python3", ["-c", script], { input, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.error ?? run.stderr}`);
  return JSON.parse(run.stdout);
}

/** A cell a spreadsheet would run: =, +, -, @, tab or CR first, after any spaces and quotes. */
const formulaLike = (cell: string) => /^[\s"]*[=+\-@\t\r]/.test(cell);

describeOnEachEngine("the CSV exports read by Python", () => {
  let adminCookie = "";
  const files: Record<string, Buffer> = {};
  let read: Read = {};

  const download = async (loader: (args: never) => Promise<Response>, address: string) => {
    const answer = await loader({
      request: new Request(`${SITE}${address}`, { headers: { Cookie: adminCookie } }),
      params: {},
      context: {},
    } as never);
    expect(answer.status, address).toBe(200);
    expect(answer.headers.get("content-type"), address).toBe("text/csv; charset=utf-8");
    return Buffer.from(await answer.arrayBuffer());
  };

  beforeAll(async () => {
    const db = await database();
    const lead = await insertTestLead(db, hostile);
    await insertTestLead(db, {
      status: "em_contato",
      utm_source: COMMA_SOURCE,
      created_at: hostile.created_at,
      updated_at: hostile.updated_at,
    });
    const id = await insertUser(db, {
      email: `admin-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      passwordHash: await hashPassword("senha-de-teste-bem-longa-2026"),
      role: "admin",
    });
    adminCookie = (await createSession(new Request(`${SITE}/auth`), id)).split(";")[0] ?? "";
    // What a failed sign-in records: the e-mail as typed.
    await recordAudit(null, { action: "signin.failure", target: { type: "email", label: "=1+1" } });
    await recordAudit(null, {
      action: "lead.view",
      target: { type: "lead", id: lead.id, label: hostile.name },
    });

    files.leads = await download(leadsCsvLoader, "/admin/solicitacoes.csv?status=novo");
    files.audit = await download(auditCsvLoader, "/admin/auditoria.csv");
    for (const table of ["semanas", "paginas", "origens", "servicos"]) {
      files[`conversoes-${table}`] = await download(
        conversionsCsvLoader,
        `/admin/solicitacoes/conversoes.csv?tabela=${table}&de=2026-11-09&ate=2026-11-15`,
      );
    }
    read = readWithPython(files);
  });

  it("keeps each of the inbox's hostile values in its own cell, text, the message whole", () => {
    const [header, ...rows] = read.leads?.[";"] ?? [];
    expect(header).toEqual([
      "Data",
      "Nome",
      "E-mail",
      "Telefone",
      "Condomínio",
      "Serviço",
      "Mensagem",
      "Status",
      "Nota",
      "E-mail da empresa",
      "Origem",
      "Campanha",
      "Post",
      "Nº",
      "Repetição do nº",
    ]);
    const row = rows.find((cells) => cells[2] === hostile.email);
    expect(row).toEqual([
      "10/11/2026, 09:00",
      `'${hostile.name}`,
      hostile.email,
      `'${hostile.phone}`,
      `'${hostile.condominium}`,
      `'${hostile.service}`,
      MESSAGE,
      "Novo",
      `'${hostile.note}`,
      expect.any(String),
      `'${hostile.utm_source}`,
      `'${hostile.utm_campaign}`,
      "",
      "",
      "",
    ]);
    expect(rows.every((cells) => cells.length === header?.length)).toBe(true);
  });

  it("keeps a first column with either separator in one cell for a ',' reader too", () => {
    const firsts = (read["conversoes-origens"]?.[","] ?? []).map((cells) => cells[0] ?? "");
    // Python keeps what follows a closing quote in the same cell: the rest of the ";" line.
    expect(firsts.filter((cell) => cell.startsWith(`'${hostile.utm_source};`))).toHaveLength(1);
    expect(firsts.filter((cell) => cell.startsWith(`${COMMA_SOURCE};`))).toHaveLength(1);
  });

  it("has no cell that starts like a formula, read with ';' or with ','", () => {
    expect(Object.keys(read)).toHaveLength(6);
    for (const [file, byDelimiter] of Object.entries(read)) {
      for (const delimiter of [";", ","] as const) {
        const cells = byDelimiter[delimiter].flat();
        expect(cells.length, file).toBeGreaterThan(1);
        expect(cells.filter(formulaLike), `${file} read with "${delimiter}"`).toEqual([]);
      }
    }
    // The hostile text did reach the files it is checked in.
    expect(files.audit?.toString("utf8")).toContain("email: =1+1");
    expect(files["conversoes-origens"]?.toString("utf8")).toContain("'@campanha");
  });
});
