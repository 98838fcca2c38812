import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { ItemText } from "@learnward/contracts";
import { renderApp, reply, serveFetch, signedIn } from "../../../test/render";
import { ReaderView } from "./ReaderView";

afterEach(() => vi.unstubAllGlobals());

const text = {
  id_primary: 7,
  title: "How airships were built",
  byline: "Grace Hopper",
  site_name: "Sky Journal",
  excerpt: "Early airships were built around a rigid frame.",
  url: "https://sky.example/airships",
  text: "Early airships were built around a rigid frame.\n\nThe works assembled them in sheds by the lake.\n\nline one\nline two",
  word_count: 1180,
  reading_minutes: 5,
  read_at: "2026-11-20T09:30:00.000Z",
} satisfies ItemText;

const pendingError = { status: 404, body: { error: { code: "item_text_pending", message: "The page is still being read" } } };
const unavailableError = { status: 404, body: { error: { code: "item_text_unavailable", message: "No readable text was found on this page" } } };

describe("the reader view", () => {
  it("shows the page's title, where it came from, how long it takes to read and its paragraphs", async () => {
    serveFetch({ "GET /api/contentuser/7/text": reply(ItemText, text) });
    renderApp(<ReaderView itemId={7} />, { path: "/home", session: signedIn("member") });

    const article = await screen.findByRole("article", { name: "How airships were built" });
    expect(within(article).getByRole("heading", { name: "How airships were built" })).toBeInTheDocument();
    expect(within(article).getByText("Sky Journal · Grace Hopper · 5 min read")).toBeInTheDocument();
    expect(within(article).getByText("Text kept on Nov 20, 2026")).toBeInTheDocument();
    const source = within(article).getByRole("link", { name: /Open the original page/ });
    expect(source).toHaveAttribute("href", "https://sky.example/airships");
    expect(source).toHaveAttribute("rel", "noopener noreferrer");
    const paragraphs = article.querySelectorAll("p");
    expect([...paragraphs].map((p) => p.textContent).slice(-3)).toEqual([
      "Early airships were built around a rigid frame.",
      "The works assembled them in sheds by the lake.",
      "line one\nline two",
    ]);
  });

  it("shows page text as text, never as markup", async () => {
    serveFetch({ "GET /api/contentuser/7/text": reply(ItemText, { ...text, text: '<img src=x onerror="alert(1)"> and <b>bold</b>' }) });
    renderApp(<ReaderView itemId={7} />, { path: "/home", session: signedIn("member") });
    expect(await screen.findByText('<img src=x onerror="alert(1)"> and <b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector("article img")).toBeNull();
  });

  it("says the page is still being read, then shows its text once it is", async () => {
    let asked = 0;
    serveFetch({ "GET /api/contentuser/7/text": () => (++asked === 1 ? pendingError : reply(ItemText, text)) });
    renderApp(<ReaderView itemId={7} />, { path: "/home", session: signedIn("member") });
    expect(await screen.findByText("Reading the page…")).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "How airships were built" }, { timeout: 6000 })).toBeInTheDocument();
  });

  it("says when no text could be kept from the page", async () => {
    serveFetch({ "GET /api/contentuser/7/text": unavailableError });
    renderApp(<ReaderView itemId={7} />, { path: "/home", session: signedIn("member") });
    expect(await screen.findByText("No text to show")).toBeInTheDocument();
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("speaks Spanish too", async () => {
    serveFetch({ "GET /api/contentuser/7/text": reply(ItemText, text) });
    const { default: i18next } = await import("i18next");
    await i18next.changeLanguage("es");
    try {
      renderApp(<ReaderView itemId={7} />, { path: "/home", session: signedIn("member") });
      expect(await screen.findByText("Sky Journal · Grace Hopper · 5 min de lectura")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: /Abrir la página original/ })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage("en");
    }
  });
});
