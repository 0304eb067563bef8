#!/usr/bin/env node
// Generates one front door per domain folder of app/server, app/server/<domain>/index.server.ts,
// from the imports the outer layers make at the time it runs, and points those imports at it.
// Outer layers: app/routes, app/components, app/route-support, app/config and app/*.ts(x).
//
// Usage (from the repository root): npm run doors [-- --dry]; then commit the doors with the change.
//
// The door is named `index.server.ts`: it re-exports `.server` modules, and React Router refuses
// a `.server` module in the client bundle; a door named `.server` keeps that check where it was
// (a component that imports a value from it fails the build, as a direct import did), instead of
// a plain `index.ts` that the client could load in development. Browser-safe code stays in
// app/lib.
//
// Idempotent: an existing door is read back (name -> file), imports already through the door
// are counted with the direct ones, and the door is written again with exactly the names the
// outer layers use, sorted. platform/ has no door: it is open to everyone.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dry = process.argv.includes("--dry");
const root = process.cwd();
if (!fs.existsSync(path.join(root, ".git"))) throw new Error(`run from the repository root (${root})`);
const DOOR = "index.server.ts";
const OPEN = new Set(["platform"]);

function walk(dir, out = []) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(e.name)) out.push(p);
  }
  return out;
}
const outer = [
  ...["app/routes", "app/components", "app/route-support", "app/config"].flatMap((d) => walk(d)),
  ...fs
    .readdirSync(path.join(root, "app"))
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => `app/${f}`),
];

const isFile = (p) => fs.existsSync(path.join(root, p)) && fs.statSync(path.join(root, p)).isFile();
function resolve(fromFile, spec) {
  let base;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith("."))
    base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`]) if (isFile(c)) return c;
  return null;
}
const domainOf = (file) => /^app\/server\/([^/]+)\/.+/.exec(file)?.[1];

// `import { a, type B } from "x";` / `import type { A } from "x";` / `export { … } from "x";`
const STATEMENT = /^(import|export)(\s+type)?\s+\{([^}]*)\}\s*from\s*(["'])([^"']+)\4;?[ \t]*\n?/gm;
function parseNames(clause, allType) {
  return clause
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)
    .map((n) => {
      const type = allType || n.startsWith("type ");
      const [name, alias] = n.replace(/^type\s+/, "").split(/\s+as\s+/);
      return { name: name.trim(), alias: alias?.trim(), type };
    });
}

// What the existing doors re-export: domain -> name -> file.
const doorNames = new Map();
for (const d of fs.readdirSync(path.join(root, "app/server"))) {
  const door = `app/server/${d}/${DOOR}`;
  if (!isFile(door)) continue;
  const map = new Map();
  for (const m of fs.readFileSync(path.join(root, door), "utf8").matchAll(STATEMENT)) {
    const file = resolve(door, m[5]);
    for (const n of parseNames(m[3], Boolean(m[2]))) map.set(n.alias ?? n.name, { file, name: n.name });
  }
  doorNames.set(d, map);
}

// 1. What the outer layers use: domain -> name -> { file, type (only ever as a type) }.
const used = new Map();
const rewrites = new Map(); // file -> text
const problems = [];
for (const file of outer) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const perDomain = new Map(); // domain -> [{ name, alias, type }]
  const firstAt = new Map();
  const stripped = text.replace(STATEMENT, (whole, kw, typeKw, clause, _q, spec, offset) => {
    if (kw !== "import") return whole;
    const target = resolve(file, spec);
    const d = target && domainOf(target);
    if (!d || OPEN.has(d)) return whole;
    const names = parseNames(clause, Boolean(typeKw));
    const isDoor = target === `app/server/${d}/${DOOR}`;
    const entries = [];
    for (const n of names) {
      const source = isDoor ? doorNames.get(d)?.get(n.name) : { file: target, name: n.name };
      if (!source) {
        problems.push(`${file}: ${n.name} is not in the door of ${d}`);
        return whole;
      }
      entries.push({ ...n, source });
    }
    if (!perDomain.has(d)) {
      perDomain.set(d, []);
      firstAt.set(d, offset);
    }
    perDomain.get(d).push(...entries);
    return `\u0000${d}\u0000`;
  });
  for (const [d, entries] of perDomain) {
    const names = used.get(d) ?? new Map();
    used.set(d, names);
    for (const e of entries) {
      const key = e.name; // the door exports it under the source's own name
      const prior = names.get(key);
      if (prior && (prior.file !== e.source.file || prior.name !== e.source.name)) {
        problems.push(`${d}: "${key}" comes from both ${prior.file} and ${e.source.file}`);
      }
      names.set(key, { file: e.source.file, name: e.source.name, type: (prior?.type ?? true) && e.type });
    }
  }
  if (perDomain.size === 0) continue;
  let out = stripped;
  for (const [d, entries] of perDomain) {
    const seen = new Set();
    const list = [];
    for (const e of entries) {
      const key = `${e.type ? "type " : ""}${e.name}${e.alias ? ` as ${e.alias}` : ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(e);
    }
    const allType = list.every((e) => e.type);
    const clause = list
      .map((e) => `${!allType && e.type ? "type " : ""}${e.name}${e.alias ? ` as ${e.alias}` : ""}`)
      .join(", ");
    const statement = `import ${allType ? "type " : ""}{ ${clause} } from "~/server/${d}/index.server";\n`;
    let first = true;
    out = out.replace(new RegExp(`\u0000${d}\u0000`, "g"), () => {
      const s = first ? statement : "";
      first = false;
      return s;
    });
  }
  rewrites.set(file, out);
}
if (problems.length) {
  for (const p of problems) console.error(`PROBLEM ${p}`);
  process.exit(1);
}

// 2. The doors.
const doors = new Map();
for (const [d, names] of [...used].sort(([a], [b]) => a.localeCompare(b))) {
  const byFile = new Map();
  for (const [key, { file, type }] of names) {
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push({ key, type });
  }
  const lines = [...byFile]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, list]) => {
      list.sort((a, b) => a.key.localeCompare(b.key));
      const allType = list.every((e) => e.type);
      const clause = list.map((e) => `${!allType && e.type ? "type " : ""}${e.key}`).join(", ");
      const relative = path.posix.relative(`app/server/${d}`, file).replace(/\.tsx?$/, "");
      const spec = relative.startsWith("../") ? relative : `./${relative}`;
      return `export ${allType ? "type " : ""}{ ${clause} } from "${spec}";`;
    });
  doors.set(
    `app/server/${d}/${DOOR}`,
    `// The front door of ${d}/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by \`npm run doors\` from their
// imports; the other domains import ${d}/'s files directly (docs/decisions/0083-domain-front-doors.md).
${lines.join("\n")}
`,
  );
}
// A door no outer file uses any more goes.
for (const [d] of doorNames) if (!used.has(d)) doors.set(`app/server/${d}/${DOOR}`, null);

const changed = [];
for (const [file, text] of [...doors, ...rewrites]) {
  const abs = path.join(root, file);
  const before = fs.existsSync(abs) ? fs.readFileSync(abs, "utf8") : null;
  if (before === text) continue;
  changed.push(file);
  console.log(`${text === null ? "delete" : before === null ? "create" : "rewrite"} ${file}`);
  if (dry) continue;
  if (text === null) fs.rmSync(abs);
  else fs.writeFileSync(abs, text);
}
const live = changed.filter((f) => isFile(f));
if (!dry && live.length) {
  execFileSync("npx", ["biome", "check", "--write", "--no-errors-on-unmatched", ...live], {
    cwd: root,
    stdio: "inherit",
  });
}
console.log(`${doors.size} doors, ${rewrites.size} outer files, ${changed.length} files changed`);
