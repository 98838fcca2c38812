// Settings → save from anywhere: a bookmarklet to drag to the bookmarks bar, which opens this
// Learnward's share page with the page being read, in a window of its own.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { renderApp } from "../../test/render";
import { SaveAnywhere } from "./SaveAnywhere";

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

describe("the bookmarklet", () => {
  it("is a link to drag to the bookmarks bar that opens the share page with the page's address and title", async () => {
    renderApp(<SaveAnywhere />);
    const link = await screen.findByRole("link", { name: "Save to Learnward" });
    const href = link.getAttribute("href") ?? "";
    expect(href.startsWith("javascript:")).toBe(true);
    expect(screen.getByText(/Drag this button to your browser's bookmarks bar/)).toBeInTheDocument();

    // Run as a browser runs it on another site's page: it opens a window on this origin's share page.
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const page = { location: { href: "https://blog.example/sql?x=1&y=2" }, document: { title: "SQL & windows" } };
    new Function("window", "location", "document", decodeURIComponent(href.slice("javascript:".length)))({ open }, page.location, page.document);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] as [string, string, string];
    expect(url).toBe(
      `${window.location.origin}/share?url=${encodeURIComponent("https://blog.example/sql?x=1&y=2")}&title=${encodeURIComponent("SQL & windows")}`,
    );
    expect(target).toBe("_blank");
    expect(features).toMatch(/noopener/);
  });

  it("does nothing when clicked here, but says to drag it", async () => {
    const user = userEvent.setup();
    renderApp(<SaveAnywhere />);
    await user.click(await screen.findByRole("link", { name: "Save to Learnward" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Drag it to your bookmarks bar instead");
  });

  it("in Spanish", async () => {
    await i18next.changeLanguage("es");
    renderApp(<SaveAnywhere />);
    expect(await screen.findByRole("link", { name: "Guardar en Learnward" })).toBeInTheDocument();
    expect(screen.getByText(/Arrastra este botón a la barra de marcadores/)).toBeInTheDocument();
  });
});
