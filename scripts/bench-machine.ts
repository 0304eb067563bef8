// How fast this machine is at the server's kind of work, measured before the load starts: the
// targets are in requests per second, and the same commit makes half as many on a slow virtual
// machine (or in a slow minute of a shared one) as on a fast one. A run that misses a target
// while its reference is slow says so; two runs compare through their references.
import os from "node:os";
import { gzipSync } from "node:zlib";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** Each workload runs this many times; the fastest counts (the others measured interruptions). */
const ATTEMPTS = 7;

export interface MachineReference {
  cpus: number;
  cpuModel: string | null;
  /** What the kernel reports for the first CPU; a virtual machine's host may throttle anyway. */
  cpuMhz: number | null;
  /** React rendering a fixed list of 300 cards to a string (about 67 KB of HTML), in ms. */
  renderMs: number;
  /** gzip at level 4 of that HTML's first 32 KB, what a page costs the compressor, in ms. */
  gzipMs: number;
}

function cards(): ReactElement {
  const items = Array.from({ length: 300 }, (_, i) =>
    createElement(
      "li",
      { key: i, className: "card" },
      createElement("a", { href: `/blog/artigo-${i}` }, createElement("h2", null, `Fachada e fissuras ${i}`)),
      createElement("p", null, `Manutenção predial em Curitiba, laudo ${i}: impermeabilização & reparo.`),
      createElement("time", { dateTime: "2026-11-29" }, "29 de novembro de 2026"),
    ),
  );
  return createElement("ul", { className: "cards" }, items);
}

function fastest(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function measureMachine(): MachineReference {
  const cpus = os.cpus();
  const html = renderToString(cards());
  const page = Buffer.from(html).subarray(0, 32 * 1024);
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    cpuMhz: cpus[0]?.speed || null,
    renderMs: fastest(() => renderToString(cards())),
    gzipMs: fastest(() => gzipSync(page, { level: 4 })),
  };
}
