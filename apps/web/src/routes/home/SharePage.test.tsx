// A link shared to Learnward (a phone's share sheet through the installed app's share target, or
// the bookmarklet from any desktop browser) opens the save dialog with the link filled in and read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { ContentCounts, ContentSearchResponse, type ContentPreview } from "@learnward/contracts";
import { AppRoutes } from "../../app/router";
import { renderApp, reply, serveFetch, signedIn } from "../../test/render";
import { LocationProbe } from "../../test/LocationProbe";
import { sharedLink } from "../../features/library/shared";
import { EMPTY_COUNTS } from "../../features/library/api";

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

const unreadable = (url: string): ContentPreview => ({
  url,
  content_type: "article",
  provider: null,
  title: null,
  author: null,
  description: null,
  image_url: null,
  duration_s: null,
  readable: false,
});

/** The library, empty; the preview answers what it was asked for, unread. */
function serve() {
  return serveFetch({
    "GET /api/b2b/v1/onboarding/": { body: { count: 0, next: null, previous: null, results: [] } },
    "GET /api/contentuser/counts": reply(ContentCounts, EMPTY_COUNTS),
    "GET /api/contentuser/search": reply(ContentSearchResponse, { count: 0, results: [], links: { next: null, previous: null } }),
    "POST /api/contentuser/preview/": ({ body }) => ({ body: unreadable((body as { url: string }).url) }),
  }).calls;
}

function share(query: string) {
  renderApp(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { path: `/share?${query}`, session: signedIn("member") },
  );
}

const previewed = (calls: ReturnType<typeof serve>) => calls().filter((c) => c.call === "POST /api/contentuser/preview/");

describe("sharing a link into Learnward", () => {
  it("opens the save dialog on /home with the shared link filled in and read", async () => {
    const calls = serve();
    share(`url=${encodeURIComponent("https://sql.example/window-functions")}&title=${encodeURIComponent("Window functions")}`);
    const dialog = await screen.findByRole("dialog", { name: "Add content" });
    expect(within(dialog).getByLabelText(/^Link/)).toHaveValue("https://sql.example/window-functions");
    await waitFor(() => expect(previewed(calls).map((c) => c.body)).toEqual([{ url: "https://sql.example/window-functions" }]));
    // The page could not be read: the title the share came with stands in for the page's.
    expect(await within(dialog).findByLabelText(/^Title/)).toHaveValue("Window functions");
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/home$/);
  });

  it("finds the link inside the shared text when the share sheet sends no url", async () => {
    const calls = serve();
    share(`title=&text=${encodeURIComponent("Worth a read: https://sql.example/window?utm=share. Thoughts?")}`);
    const dialog = await screen.findByRole("dialog", { name: "Add content" });
    expect(within(dialog).getByLabelText(/^Link/)).toHaveValue("https://sql.example/window?utm=share");
    await waitFor(() => expect(previewed(calls).map((c) => c.body)).toEqual([{ url: "https://sql.example/window?utm=share" }]));
  });

  it("leaves the dialog closed once closed, and opens empty when nothing shared is a link", async () => {
    const calls = serve();
    const user = userEvent.setup();
    share(`text=${encodeURIComponent("no link here, javascript:alert(1)")}&url=${encodeURIComponent("javascript:alert(1)")}`);
    const dialog = await screen.findByRole("dialog", { name: "Add content" });
    expect(within(dialog).getByLabelText(/^Link/)).toHaveValue("");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(previewed(calls)).toEqual([]);
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/home$/);
  });

  it("speaks Spanish to a Spanish speaker", async () => {
    serve();
    await i18next.changeLanguage("es");
    share(`url=${encodeURIComponent("https://sql.example/ventanas")}`);
    const dialog = await screen.findByRole("dialog", { name: "Añadir contenido" });
    expect(within(dialog).getByRole("textbox", { name: /^Enlace\W*$/ })).toHaveValue("https://sql.example/ventanas");
  });
});

describe("what a share carries", () => {
  const link = (query: Record<string, string>) => sharedLink(new URLSearchParams(query));

  it("takes the url, else the first web address in the text, without the sentence's punctuation", () => {
    expect(link({ url: "https://a.example/x", text: "https://b.example/y" }).url).toBe("https://a.example/x");
    expect(link({ url: "", text: "See (https://b.example/y), then http://c.example/z" }).url).toBe("https://b.example/y");
    expect(link({ text: "Read: https://b.example/path_(1)." }).url).toBe("https://b.example/path_(1)");
    expect(link({ url: "ftp://files.example/x", text: "" }).url).toBe("");
    expect(link({}).url).toBe("");
  });

  it("takes the title, else the text around the link", () => {
    expect(link({ title: " Window functions ", text: "https://b.example/y" }).title).toBe("Window functions");
    expect(link({ text: "Window functions explained https://b.example/y" }).title).toBe("Window functions explained");
    expect(link({ text: "https://b.example/y" }).title).toBe("");
  });
});
