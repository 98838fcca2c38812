import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startSamlIdp, type TestSamlIdp } from "../../apps/server/test/saml-idp.ts";
import { BASE_URL, DESKTOP, launchBrowser, openPage, type Session, signInWithApi, visible, waitForPath, OUR_ORIGIN } from "../support";

// Acme's hr connects a SAML 2.0 identity provider (samlify in IdP mode on loopback, with a
// certificate generated for the run; its login page answers at once with an auto-posting form for
// the person the test chooses); a newcomer signs in through it in Chromium, and a response for
// another audience sends the browser back to the sign-in page with the reason.

const SAML = "/api/b2b/v1/company/sso/saml/";
let idp: TestSamlIdp;
let browser: Browser;
let hr: Session;

beforeAll(async () => {
  // The IdP imports our SP metadata from its URL, which is our entity id.
  idp = await startSamlIdp({ spMetadata: async (entityId) => (await fetch(entityId)).text() });
  browser = await launchBrowser();
  hr = await openPage(browser, DESKTOP);
  await signInWithApi(hr.context, "hr@acme.test");
});

afterAll(async () => {
  // Other spec files sign Acme's people in by password: leave single sign-on off, as it was.
  await hr?.context.request.put(SAML, { headers: OUR_ORIGIN, data: { metadata_xml: idp.metadataXml, enabled: false, require_sso: false } });
  await browser?.close();
  await idp?.close();
});

/** Asks the sign-in page for single sign-on with only an email, as a visitor does. */
async function continueWithSso(email: string) {
  const visitor = await openPage(browser, DESKTOP);
  await visitor.page.goto("/login");
  await visitor.page.getByLabel(/^Email/).fill(email);
  await visitor.page.getByRole("button", { name: "Continue", exact: true }).click();
  return visitor;
}

describe("single sign-on (SAML 2.0)", () => {
  it("hr connects the IdP from its metadata URL; a newcomer signs in through it and lands as a member", async () => {
    const { page } = hr;
    await page.goto("/setting");
    // One section at a time: chosen in the page's own navigation.
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "SAML single sign-on", exact: true }).click();
    const card = page.getByRole("region", { name: "SAML single sign-on" });
    await visible(card);
    await visible(card.getByLabel("Assertion Consumer Service (ACS) URL"));
    expect(await card.getByLabel("Assertion Consumer Service (ACS) URL").inputValue()).toMatch(/\/api\/auth\/sso\/saml\/\d+\/acs$/);
    await card.getByLabel(/^Metadata URL/).fill(idp.metadataUrl);
    await card.getByLabel("Sign in through this SAML provider").check();
    await card.getByRole("button", { name: "Save SAML single sign-on" }).click();
    await visible(page.getByText("SAML single sign-on saved"));
    await visible(card.getByText(`Connected to ${idp.entityId}`));

    idp.signInAs({ nameId: "e2e-saml-newcomer", email: "saml.newcomer@acme.test", name: "Saml Newcomer" });
    const newcomer = await continueWithSso("saml.newcomer@acme.test");
    await newcomer.page.waitForURL(
      (url) => url.origin === new URL(BASE_URL).origin && !url.pathname.startsWith("/login") && !url.pathname.startsWith("/api/"),
      { timeout: 30_000 },
    );
    const me = (await (await newcomer.context.request.get("/api/me")).json()) as { account: { role: string; email: string }; company: { name: string } };
    expect(me.account).toMatchObject({ role: "member", email: "saml.newcomer@acme.test" });
    expect(me.company.name).toBe("Acme");
    await newcomer.context.close();
  });

  it("refuses a response for another audience and says why on the sign-in page", async () => {
    idp.signInAs({ nameId: "e2e-saml-audience", email: "saml.audience@acme.test" }, { audience: "https://someone-else.example/sp" });
    const visitor = await continueWithSso("saml.audience@acme.test");
    await waitForPath(visitor.page, "/login?error=sso_token_invalid");
    await visible(visitor.page.getByText("Your identity provider's answer could not be trusted. Try again, or ask your IT team."));
    expect(((await (await visitor.context.request.get("/api/session")).json()) as { me: unknown }).me).toBeNull();
    await visitor.context.close();
  });
});
