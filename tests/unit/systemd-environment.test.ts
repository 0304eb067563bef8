import { describe, expect, it } from "vitest";
import { systemdEnvironment } from "../../harness/systemd-environment.ts";

describe("Environment= lines read as systemd reads them", () => {
  it("takes several assignments per line, quoted ones with spaces, later ones winning", () => {
    const text = [
      "[Service]",
      'Environment="SITE_UPSTREAMS=127.0.0.1:3001 127.0.0.1:3002" GOMAXPROCS=2',
      "# Environment=IGNORED=1",
      "Environment=GOMAXPROCS=1 URL=postgres://a@b/c?x=1",
      'ExecStart=/usr/bin/env "NOT=AN_ASSIGNMENT"',
    ].join("\n");
    expect(systemdEnvironment(text)).toEqual({
      SITE_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002",
      GOMAXPROCS: "1",
      URL: "postgres://a@b/c?x=1",
    });
  });

  it("finds nothing where nothing is set", () => {
    expect(systemdEnvironment("[Service]\nExecStart=/bin/true\n")).toEqual({});
  });
});
