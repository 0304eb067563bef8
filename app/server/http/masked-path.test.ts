import { describe, expect, it } from "vitest";
import { maskedPath } from "./masked-path.server";

describe("maskedPath", () => {
  it("hides everything after the prefix of a path that carries a token, keeping .data", () => {
    const token = "a".repeat(43);
    expect(maskedPath(`/convite/${token}`)).toBe("/convite/…");
    expect(maskedPath(`/convite/${token}.data`)).toBe("/convite/….data");
    expect(maskedPath(`/redefinir-senha/${token}`)).toBe("/redefinir-senha/…");
    expect(maskedPath(`/blog/previa/${token}`)).toBe("/blog/previa/…");
    expect(maskedPath(`/Convite/${token}/mais/coisas`)).toBe("/Convite/…");
    expect(maskedPath(`//blog//previa/${token}`)).toBe("//blog//previa/…");
  });

  it("leaves every other path as it is", () => {
    for (const path of ["/", "/convite", "/convite/", "/blog/um-artigo", "/blog/previa", "/admin/usuarios"])
      expect(maskedPath(path)).toBe(path);
  });
});
