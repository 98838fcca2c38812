import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { IMAGE_LAZY_MARGIN, IMAGE_SMALL_WIDTHS, IMAGE_WIDTHS, LAZY_LOADER_DELAY_MS } from "@learnward/contracts";
import { Img, imageSources, imageUrl, widthsFor } from "./Img";

const REMOTE = "https://cdn.example.com/cover.png?size=large";
const fallback = <svg data-testid="type-icon" />;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const widthsOf = (srcSet: string | undefined) => srcSet?.split(", ").map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]));

describe("image sources", () => {
  it("asks the image proxy for one URL per width, the source URL encoded", () => {
    expect(imageUrl(REMOTE, 640)).toBe(`/api/image?imageUrl=${encodeURIComponent(REMOTE)}&w=640`);
    expect(imageUrl(REMOTE, 96, 12)).toBe(`/api/image?imageUrl=${encodeURIComponent(REMOTE)}&w=96&course_id=12`);
  });

  it("offers the spec's large widths for viewport-wide images", () => {
    expect(widthsFor("100vw")).toEqual([...IMAGE_WIDTHS]);
    expect(widthsFor("(max-width: 600px) 100vw, 50vw")).toEqual([384, ...IMAGE_WIDTHS]);
  });

  it("offers the spec's small widths for thumbnails, covering 1× and 2× screens", () => {
    expect(widthsFor("96px")).toEqual([96, 128, 256]);
    expect(widthsFor("88px")).toEqual([96, 128, 256]);
    expect(widthsFor("320px")).toEqual([384, 640]);
    // Media conditions do not count as sizes.
    expect(widthsFor("(max-width: 600px) 64px, 96px")).toEqual([96, 128, 256]);
    for (const width of widthsFor("48px")) expect([...IMAGE_SMALL_WIDTHS, ...IMAGE_WIDTHS]).toContain(width);
  });

  it("builds the srcset from those widths, with the largest as src", () => {
    const sources = imageSources(REMOTE, "96px");
    expect(widthsOf(sources.srcSet)).toEqual([96, 128, 256]);
    expect(sources.srcSet).toContain(`${imageUrl(REMOTE, 128)} 128w`);
    expect(sources.src).toBe(imageUrl(REMOTE, 256));
  });

  it("passes data: URLs (seed logos) and same-site paths through untouched", () => {
    const logo = "data:image/svg+xml,%3Csvg%3E%3C/svg%3E";
    expect(imageSources(logo, "96px")).toEqual({ src: logo });
    expect(imageSources("/favicon.svg", "96px")).toEqual({ src: "/favicon.svg" });
  });
});

describe("<Img>", () => {
  it("renders the proxied srcset with the sizes it was given", () => {
    const { container } = render(<Img src={REMOTE} alt="Cover" sizes="(max-width: 600px) 100vw, 50vw" fallback={fallback} eager />);
    const img = screen.getByRole("img", { name: "Cover" });
    expect(img).toHaveAttribute("sizes", "(max-width: 600px) 100vw, 50vw");
    expect(widthsOf(img.getAttribute("srcset") ?? undefined)).toEqual([384, ...IMAGE_WIDTHS]);
    expect(container.querySelector('[data-testid="type-icon"]')).toBeNull();
  });

  it("shows the fallback when there is no image", () => {
    render(<Img src={null} alt="" sizes="88px" fallback={fallback} />);
    expect(screen.getByTestId("type-icon")).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows the fallback, still named, when the image fails to load", () => {
    render(<Img src={REMOTE} alt="Cover" sizes="88px" fallback={fallback} eager />);
    fireEvent.error(screen.getByRole("img", { name: "Cover" }));
    expect(screen.getByTestId("type-icon")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Cover" }).tagName).not.toBe("IMG");
  });

  it("keeps a data: URL as it is, without a srcset", () => {
    const logo = "data:image/svg+xml,%3Csvg%3E%3C/svg%3E";
    render(<Img src={logo} alt="Logo" sizes="48px" fallback={fallback} eager />);
    const img = screen.getByRole("img", { name: "Logo" });
    expect(img).toHaveAttribute("src", logo);
    expect(img).not.toHaveAttribute("srcset");
  });

  it("loads once within 200px of the viewport and after the lazy loader's delay", () => {
    vi.useFakeTimers();
    let notify: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
    const options: IntersectionObserverInit[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void, init: IntersectionObserverInit) {
          notify = callback;
          options.push(init);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<Img src={REMOTE} alt="Cover" sizes="88px" fallback={fallback} />);
    expect(options[0]?.rootMargin).toBe(IMAGE_LAZY_MARGIN);
    expect(screen.queryByRole("img")).toBeNull();

    act(() => notify([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(LAZY_LOADER_DELAY_MS - 1));
    expect(screen.queryByRole("img")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("img", { name: "Cover" })).toHaveAttribute("src", imageUrl(REMOTE, 256));
  });

  it("does not load an image that scrolls past before the delay is over", () => {
    vi.useFakeTimers();
    let notify: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<Img src={REMOTE} alt="Cover" sizes="88px" fallback={fallback} />);
    act(() => notify([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(LAZY_LOADER_DELAY_MS / 2));
    act(() => notify([{ isIntersecting: false }]));
    act(() => vi.advanceTimersByTime(LAZY_LOADER_DELAY_MS));
    expect(screen.queryByRole("img")).toBeNull();
  });
});
