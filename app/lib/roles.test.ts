import { describe, expect, it } from "vitest";
import { CAPABILITIES, roleCan, roleOf } from "./roles";

describe("roles", () => {
  it("an Administrador can do everything; an Editor only writes content", () => {
    for (const capability of CAPABILITIES) expect(roleCan("admin", capability)).toBe(true);
    expect(CAPABILITIES.filter((capability) => roleCan("editor", capability))).toEqual(["content.write"]);
  });

  it("an unknown role in the database reads as the least access", () => {
    expect(roleOf("admin")).toBe("admin");
    expect(roleOf("editor")).toBe("editor");
    expect(roleOf("Admin")).toBe("editor");
    expect(roleOf("")).toBe("editor");
  });
});
