import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./content-encoding.server";

const both = { br: true, gzip: true };

describe("preferredEncoding", () => {
  it("prefers Brotli, then gzip, then nothing", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(preferredEncoding("gzip, deflate", both)).toBe("gzip");
    expect(preferredEncoding("deflate", both)).toBe("identity");
    expect(preferredEncoding(undefined, both)).toBe("identity");
    expect(preferredEncoding("br", { br: false, gzip: true })).toBe("identity");
  });

  it("honours q=0 and the wildcard", () => {
    expect(preferredEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(preferredEncoding("*", both)).toBe("br");
    expect(preferredEncoding("*, br;q=0", both)).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, br;q=0", both)).toBe("identity");
    expect(preferredEncoding("br;q=abc", both)).toBe("identity");
  });

  it("answers a Brotli-only client with Brotli and a client that refuses both with the bytes", () => {
    expect(preferredEncoding("br", both)).toBe("br");
    expect(preferredEncoding("gzip;q=0, br", both)).toBe("br");
    expect(preferredEncoding("identity", both)).toBe("identity");
  });
});
