import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startTestIdp, type TestIdp } from "../../apps/server/test/oidc-idp.ts";
import { BASE_URL, DESKTOP, launchBrowser, openPage, type Session, signInWithApi, visible, waitForPath, OUR_ORIGIN } from "../support";

// Acme's hr connects an OpenID Connect provider (oidc-provider on loopback, its login page
// answered at once for the person the test chooses); a newcomer signs in through it in Chromium, and
// an id_token for another audience sends the browser back to the sign-in page with the reason.

const SSO = "/api/b2b/v1/company/sso/oidc/";
let idp: TestIdp;
let browser: Browser;
let hr: Session;

beforeAll(async () => {
  idp = await startTestIdp({ redirectUri: `${BASE_URL}/api/auth/sso/oidc/callback` });
  browser = await launchBrowser();
  hr = await openPage(browser, DESKTOP);
  await signInWithApi(hr.context, "hr@acme.test");
});

afterAll(async () => {
  // Other spec files sign Acme's people in by password: leave single sign-on off, as it was.
  await hr?.context.request.put(SSO, { headers: OUR_ORIGIN, data: { issuer: idp.issuer, client_id: idp.clientId, enabled: false, require_sso: false } });
  await browser?.close();
  await idp?.close();
});

describe("single sign-on (OIDC)", () => {
  it("hr connects the provider; a newcomer signs in through it with only their email and lands as a member", async () => {
    const { page } = hr;
    await page.goto("/setting");
    // One section at a time: chosen in the page's own navigation.
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Single sign-on", exact: true }).click();
    const card = page.getByRole("region", { name: "Single sign-on", exact: true });
    await visible(card);
    await visible(card.getByText(`${BASE_URL}/api/auth/sso/oidc/callback`));
    await card.getByLabel("Issuer URL").fill(idp.issuer);
    await card.getByLabel("Client ID").fill(idp.clientId);
    await card.getByLabel("Client secret").fill(idp.clientSecret);
    await card.getByLabel("Sign in through this provider").check();
    await card.getByRole("button", { name: "Save single sign-on" }).click();
    await visible(page.getByText("Single sign-on saved"));

    idp.people.set("e2e-newcomer", { email: "sso.newcomer@acme.test", name: "Sso Newcomer" });
    idp.signInAs("e2e-newcomer");
    const newcomer = await openPage(browser, DESKTOP);
    await newcomer.page.goto("/login");
    await newcomer.page.getByLabel(/^Email/).fill("sso.newcomer@acme.test");
    await newcomer.page.getByRole("button", { name: "Continue", exact: true }).click();
    await newcomer.page.waitForURL(
      (url) => url.origin === new URL(BASE_URL).origin && !url.pathname.startsWith("/login") && !url.pathname.startsWith("/api/"),
      { timeout: 30_000 },
    );
    const me = (await (await newcomer.context.request.get("/api/me")).json()) as { account: { role: string; email: string }; company: { name: string } };
    expect(me.account).toMatchObject({ role: "member", email: "sso.newcomer@acme.test" });
    expect(me.company.name).toBe("Acme");
    await newcomer.context.close();
  });

  it("refuses an id_token for another audience and says why on the sign-in page", async () => {
    idp.people.set("e2e-tampered", { email: "sso.tampered@acme.test" });
    idp.signInAs("e2e-tampered");
    idp.tamperNextIdToken((claims) => ({ ...claims, aud: "someone-else" }));
    const visitor = await openPage(browser, DESKTOP);
    await visitor.page.goto("/login");
    await visitor.page.getByLabel(/^Email/).fill("sso.tampered@acme.test");
    await visitor.page.getByRole("button", { name: "Continue", exact: true }).click();
    await waitForPath(visitor.page, "/login?error=sso_token_invalid");
    await visible(visitor.page.getByText("Your identity provider's answer could not be trusted. Try again, or ask your IT team."));
    expect(((await (await visitor.context.request.get("/api/session")).json()) as { me: unknown }).me).toBeNull();
    await visitor.context.close();
  });
});
