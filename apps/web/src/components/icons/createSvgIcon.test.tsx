import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import SvgIcon, { type SvgIconProps } from "@mui/material/SvgIcon";
import Delete from "@mui/icons-material/Delete";
import { theme } from "../../app/theme";
import createSvgIcon from "./createSvgIcon";

const PATH = <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />;
const Light = createSvgIcon(PATH, "Sample");

const themed = (ui: React.ReactElement) =>
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {ui}
    </ThemeProvider>,
  );

/** What a person (or a screen reader) gets from an icon: its attributes and its drawn size and colour. */
function looks(svg: SVGSVGElement) {
  const style = getComputedStyle(svg);
  return {
    ariaHidden: svg.getAttribute("aria-hidden"),
    role: svg.getAttribute("role"),
    focusable: svg.getAttribute("focusable"),
    viewBox: svg.getAttribute("viewBox"),
    title: svg.querySelector("title")?.textContent ?? null,
    fontSize: style.fontSize,
    color: style.color,
    width: style.width,
    display: style.display,
    fill: style.fill,
  };
}

describe("the Material icons' light factory", () => {
  const cases: SvgIconProps[] = [
    {},
    { fontSize: "small" },
    { fontSize: "large" },
    { fontSize: "inherit" },
    { color: "primary" },
    { color: "error", fontSize: "small" },
    { color: "action" },
    { color: "disabled" },
    { titleAccess: "Delete the item" },
  ];

  it.each(cases)("draws an icon as MUI's SvgIcon does, %o", (props) => {
    const { container } = themed(
      <>
        <SvgIcon {...props}>{PATH}</SvgIcon>
        <Light {...props} />
      </>,
    );
    const [mui, light] = [...container.querySelectorAll("svg")] as SVGSVGElement[];
    expect(looks(light!)).toEqual(looks(mui!));
    // MUI's class names, so that components that style their icons by them still reach them.
    for (const name of mui!.classList) if (name.startsWith("Mui")) expect(light!.classList).toContain(name);
  });

  it("draws the app's icons without a styled component of their own", () => {
    const { container } = themed(<Delete fontSize="small" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("class")).toBe("MuiSvgIcon-root MuiSvgIcon-fontSizeSmall");
    expect(getComputedStyle(svg).fontSize).toBe("1.25rem");
  });

  it("hands an icon with sx to SvgIcon, which applies it", () => {
    const { container } = themed(<Light sx={{ fontSize: 14 }} />);
    expect(getComputedStyle(container.querySelector("svg")!).fontSize).toBe("14px");
  });

  it("passes a ref and other attributes to the svg", () => {
    let node: SVGSVGElement | null = null;
    const { container } = themed(<Light ref={(el) => void (node = el)} className="extra" data-kind="trash" htmlColor="#123456" />);
    const svg = container.querySelector("svg")!;
    expect(node).toBe(svg);
    expect(svg.classList).toContain("extra");
    expect(svg.dataset.kind).toBe("trash");
    expect(svg.getAttribute("color")).toBe("#123456");
  });
});
