import { afterEach, describe, expect, it, vi } from "vitest";
import { logEvent, logRequest } from "./log.server";

afterEach(() => {
  vi.restoreAllMocks();
});

function lastErrorLine(spy: { mock: { calls: unknown[][] } }): Record<string, unknown> {
  return JSON.parse(String(spy.mock.calls.at(-1)?.[0]));
}

describe("logEvent", () => {
  it("writes an error, at any depth, as its name and message only", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = Object.assign(new TypeError("falhou"), { secret: "não registrar" });
    logEvent("error", "route error", { requestId: "r1", error, nested: { cause: new RangeError("fora") } });
    const line = lastErrorLine(spy);
    expect(line).toMatchObject({
      level: "error",
      msg: "route error",
      requestId: "r1",
      error: { name: "TypeError", message: "falhou" },
      nested: { cause: { name: "RangeError", message: "fora" } },
    });
    expect(JSON.stringify(line)).not.toContain("não registrar");
    expect(JSON.stringify(line)).not.toContain("stack");
  });

  it("gathers info lines and writes them together, one JSON object per line", async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    logEvent("info", "request", { method: "GET", path: "/blog", status: 200, ms: 1.5 });
    logEvent("info", "request", { method: "GET", path: '/\u2028"x"', status: 404, ms: 0.2 });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const lines = (writes[0] ?? "")
      .trimEnd()
      .split("\n")
      .map((text) => JSON.parse(text));
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", msg: "request", path: "/blog", status: 200, ms: 1.5 }),
      expect.objectContaining({ path: '/\u2028"x"', status: 404 }),
    ]);
    expect(lines[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("writes an answer's access-log line as logEvent would, whatever its path holds", async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const path = '/busca?q="aspas"\\barra\u2028linha\u0001';
    logRequest("req-1", "GET", path, 200, 0.3);
    logEvent("info", "request", { requestId: "req-1", method: "GET", path, status: 200, ms: 0.3 });
    await new Promise((resolve) => setImmediate(resolve));
    const [fast, general] = (writes[0] ?? "")
      .trimEnd()
      .split("\n")
      .map((text) => JSON.parse(text));
    expect(fast).toEqual({ ...general, time: fast.time });
    expect(Object.keys(fast)).toEqual(Object.keys(general));
    expect(fast).toMatchObject({ requestId: "req-1", method: "GET", path, status: 200, ms: 0.3 });
  });
});
