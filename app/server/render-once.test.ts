import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderOnce } from "./render-once.server";

describe("renderOnce", () => {
  it("renders a part once per scope and key, then gives back the same HTML", () => {
    const scope = { name: "Alvorada" };
    let renders = 0;
    const part = (text: string) => () => {
      renders++;
      return createElement("p", { className: "x" }, text, " & ", "<b>");
    };
    expect(renderOnce(scope, "a", part("um"))).toBe('<p class="x">um &amp; &lt;b&gt;</p>');
    expect(renderOnce(scope, "a", part("ignored: already rendered"))).toBe(
      '<p class="x">um &amp; &lt;b&gt;</p>',
    );
    expect(renders).toBe(1);
    expect(renderOnce(scope, "b", part("dois"))).toBe('<p class="x">dois &amp; &lt;b&gt;</p>');
    expect(renders).toBe(2);
  });

  it("renders again for a new scope (the company facts changed)", () => {
    const first = { name: "A" };
    const second = { name: "B" };
    expect(renderOnce(first, "footer", () => createElement("span", null, first.name))).toBe("<span>A</span>");
    expect(renderOnce(second, "footer", () => createElement("span", null, second.name))).toBe(
      "<span>B</span>",
    );
  });
});
