import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProductLogo } from "./ProductLogo";

/** The shapes of an SVG, as markup: each element with its attributes, in order. */
const shapes = (svg: string) => [...svg.matchAll(/<(rect|path)\b([^>]*?)\/?>/g)].map(([, name, attributes]) => `${name} ${attributes!.trim()}`);

describe("ProductLogo", () => {
  it("draws the same mark as the favicon", () => {
    const favicon = readFileSync(join(import.meta.dirname, "../../../public/favicon.svg"), "utf8");
    expect(shapes(renderToStaticMarkup(<ProductLogo size={32} />))).toEqual(shapes(favicon));
  });

  it("is decoration beside the product's name, and an image named for it where it stands alone", () => {
    const { container } = render(<ProductLogo size={32} />);
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    render(<ProductLogo size={44} label="Learnward logo" />);
    expect(screen.getByRole("img", { name: "Learnward logo" })).toBeTruthy();
  });
});
