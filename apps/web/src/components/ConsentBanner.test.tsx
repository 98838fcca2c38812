// spec §1: the chat widget and the tag manager load only when configured, and never
// before the visitor has accepted analytics cookies (the extension link: app/layout/ExtensionLink.test.tsx).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Footer } from "../app/layout/Footer";
import { renderApp } from "../test/render";
import { loadNamespaces } from "../i18n";

const CHAT = "https://chat.example.com/widget/v2.js";
const GTM = "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3";

/** What the server writes into the page (apps/server/src/plugins/web.ts). */
function configure(integrations: { extension_chrome_url?: string; chat_widget_url?: string; tag_manager_id?: string }) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "learnward-config";
  element.textContent = JSON.stringify({
    extension_chrome_url: null,
    extension_firefox_url: null,
    chat_widget_url: null,
    tag_manager_id: null,
    ...integrations,
  });
  document.head.append(element);
}

const thirdPartyScripts = () => [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));
const consentCookie = () => /(?:^|;\s*)learnward_analytics_consent=([^;]*)/.exec(document.cookie)?.[1] ?? null;
const banner = () => screen.queryByRole("region", { name: "Cookie consent" });
const page = () => renderApp(<Footer companyName="Acme" />);

beforeEach(() => {
  document.cookie = "learnward_analytics_consent=; path=/; max-age=0";
});
afterEach(() => {
  for (const element of document.querySelectorAll("#learnward-config, script[src]")) element.remove();
  delete (window as { dataLayer?: unknown }).dataLayer;
});

describe("with a chat widget and a tag manager configured", () => {
  beforeEach(() => configure({ chat_widget_url: CHAT, tag_manager_id: "GTM-AB12CD3" }));

  it("asks first, and loads no script before the visitor answers", async () => {
    page();
    const asked = await screen.findByRole("region", { name: "Cookie consent" });
    expect(within(asked).getByText(/analytics cookies and a support chat/)).toBeInTheDocument();
    expect(within(asked).getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
    expect(thirdPartyScripts()).toEqual([]);
  });

  it("loads the chat widget and the tag manager once the visitor accepts, and remembers it", async () => {
    const user = userEvent.setup();
    const first = page();
    await screen.findByRole("region", { name: "Cookie consent" });
    // Keyboard reachable: Tab goes through the page to the banner's buttons.
    for (let i = 0; i < 20 && document.activeElement?.textContent !== "Accept"; i++) await user.tab();
    expect(document.activeElement).toHaveTextContent("Accept");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(thirdPartyScripts()).toEqual([CHAT, GTM]));
    expect(banner()).toBeNull();
    expect(consentCookie()).toBe("accepted");
    expect((window as { dataLayer?: Array<Record<string, unknown>> }).dataLayer?.[0]).toMatchObject({ event: "gtm.js" });

    first.unmount();
    for (const element of document.querySelectorAll("script[src]")) element.remove();
    page();
    await waitFor(() => expect(thirdPartyScripts()).toEqual([CHAT, GTM]));
    expect(banner()).toBeNull();
  });

  it("loads nothing when the visitor declines, and does not ask again", async () => {
    const user = userEvent.setup();
    const first = page();
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(banner()).toBeNull();
    expect(consentCookie()).toBe("declined");
    first.unmount();
    page();
    await screen.findByRole("button", { name: "Cookie settings" });
    expect(banner()).toBeNull();
    expect(thirdPartyScripts()).toEqual([]);
  });

  it("lets the visitor change their answer later from the footer", async () => {
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    await user.click(screen.getByRole("button", { name: "Cookie settings" }));
    const asked = await screen.findByRole("region", { name: "Cookie consent" });
    await user.click(within(asked).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(thirdPartyScripts()).toEqual([CHAT, GTM]));
    expect(consentCookie()).toBe("accepted");
  });

  it("speaks Spanish too", async () => {
    renderApp(<Footer companyName="Acme" />);
    const { default: i18next } = await import("i18next");
    await i18next.changeLanguage("es");
    try {
      const asked = await screen.findByRole("region", { name: "Consentimiento de cookies" });
      expect(within(asked).getByRole("button", { name: "Aceptar" })).toBeInTheDocument();
      expect(within(asked).getByRole("button", { name: "Rechazar" })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage("en");
    }
  });
});

describe("with only a tag manager", () => {
  it("asks about analytics cookies alone, and loads only the tag manager", async () => {
    configure({ tag_manager_id: "GTM-AB12CD3" });
    const user = userEvent.setup();
    page();
    const asked = await screen.findByRole("region", { name: "Cookie consent" });
    expect(within(asked).queryByText(/support chat/)).toBeNull();
    await user.click(within(asked).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(thirdPartyScripts()).toEqual([GTM]));
  });
});

describe("with neither configured", () => {
  it("asks nothing, loads nothing and offers no cookie settings", async () => {
    configure({ extension_chrome_url: "https://extensions.example/learnward" });
    page();
    await screen.findByRole("link", { name: "Privacy policy" });
    // The code and words the question would need have loaded, and React has rendered whatever was
    // waiting for them: a footer about to ask would show it now.
    await act(() => Promise.all([import("../app/ConsentParts"), import("./ConsentBanner"), loadNamespaces(["shell"])]));
    expect(banner()).toBeNull();
    expect(screen.queryByRole("button", { name: "Cookie settings" })).toBeNull();
    expect(thirdPartyScripts()).toEqual([]);
  });
});
