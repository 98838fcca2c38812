// spec §1: the user menu's browser-extension link goes to the extension's store page for the
// visitor's browser when the server names one, and otherwise to the settings' section on the
// extension, which explains loading the built extension unpacked and offers its zips.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { UserMenu } from "./UserMenu";
import { BrowserExtension } from "../../features/settings/BrowserExtension";
import { meFor, renderApp } from "../../test/render";

const CHROME = "https://chromewebstore.google.com/detail/learnward/abcdef";
const FIREFOX = "https://addons.mozilla.org/firefox/addon/learnward/";
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const FIREFOX_UA = "Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0";
const SAFARI_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 15_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

/** What the server writes into the page (apps/server/src/plugins/web.ts). */
function configure(stores: { extension_chrome_url?: string; extension_firefox_url?: string }) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "learnward-config";
  element.textContent = JSON.stringify({ extension_chrome_url: null, extension_firefox_url: null, chat_widget_url: null, tag_manager_id: null, ...stores });
  document.head.append(element);
}
const browser = (userAgent: string) => vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);

afterEach(async () => {
  document.getElementById("learnward-config")?.remove();
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

async function extensionLink() {
  const user = userEvent.setup();
  renderApp(<UserMenu me={meFor("member")} />);
  await user.click(screen.getByRole("button", { name: /account menu/ }));
  return screen.findByRole("menuitem", { name: "Get the browser extension" });
}

describe("the user menu's browser-extension link", () => {
  it("opens the store page for this browser when the server names one", async () => {
    configure({ extension_chrome_url: CHROME, extension_firefox_url: FIREFOX });
    browser(CHROME_UA);
    const chrome = await extensionLink();
    expect(chrome).toHaveAttribute("href", CHROME);
    expect(chrome).toHaveAttribute("target", "_blank");
    expect(chrome).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("opens Firefox's store page in Firefox", async () => {
    configure({ extension_chrome_url: CHROME, extension_firefox_url: FIREFOX });
    browser(FIREFOX_UA);
    expect(await extensionLink()).toHaveAttribute("href", FIREFOX);
  });

  it("opens the app's own page where this browser has no store page, or none is configured", async () => {
    configure({ extension_chrome_url: CHROME });
    browser(FIREFOX_UA);
    const link = await extensionLink();
    expect(link).toHaveAttribute("href", "/setting#browser-extension-heading");
    expect(link).not.toHaveAttribute("target");
  });

  it("opens the app's own page in a browser the extension is not built for", async () => {
    configure({ extension_chrome_url: CHROME, extension_firefox_url: FIREFOX });
    browser(SAFARI_UA);
    expect(await extensionLink()).toHaveAttribute("href", "/setting#browser-extension-heading");
  });
});

describe("settings → browser extension", () => {
  it("explains loading the built extension unpacked in Chromium and Firefox, with both zips", async () => {
    renderApp(<BrowserExtension />);
    expect(await screen.findByRole("heading", { level: 2, name: "Browser extension" })).toBeInTheDocument();
    const chromium = screen.getByRole("region", { name: "Chrome, Edge and other Chromium browsers" });
    expect(within(chromium).getByRole("link", { name: /Download for Chromium/ })).toHaveAttribute("href", "/downloads/learnward-extension-chromium.zip");
    expect(within(chromium).getByText(/chrome:\/\/extensions/)).toBeInTheDocument();
    expect(within(chromium).getByText(/Load unpacked/)).toBeInTheDocument();
    const firefox = screen.getByRole("region", { name: "Firefox" });
    expect(within(firefox).getByRole("link", { name: /Download for Firefox/ })).toHaveAttribute("href", "/downloads/learnward-extension-firefox.zip");
    expect(within(firefox).getByText(/about:debugging/)).toBeInTheDocument();
    // The address the extension signs in against is this one.
    expect(screen.getByText(window.location.origin)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Chrome Web Store/ })).toBeNull();
  });

  it("names the store pages first when the server has them", async () => {
    configure({ extension_chrome_url: CHROME, extension_firefox_url: FIREFOX });
    renderApp(<BrowserExtension />);
    expect(await screen.findByRole("link", { name: /Chrome Web Store/ })).toHaveAttribute("href", CHROME);
    expect(screen.getByRole("link", { name: /Firefox Add-ons/ })).toHaveAttribute("href", FIREFOX);
  });

  it("in Spanish", async () => {
    await i18next.changeLanguage("es");
    renderApp(<BrowserExtension />);
    expect(await screen.findByRole("heading", { level: 2, name: "Extensión del navegador" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Descargar para Firefox/ })).toHaveAttribute("href", "/downloads/learnward-extension-firefox.zip");
  });
});
