import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, type APIRequestContext, type Browser } from "playwright-core";
import {
  BASE_URL,
  DESKTOP,
  expectHeading,
  launchBrowser,
  linkInMail,
  openPage,
  type Session,
  signInWithApi,
  signInWithForm,
  visible,
  waitForPath,
  OUR_ORIGIN,
} from "../support";

// Acme's hr creates the company's SCIM token in Settings (shown once) and hands it to the
// directory; the test then acts as the directory (Okta's shapes) over Playwright's request API. A person
// the directory created signs in and works in the app; the directory deactivates them, and their very
// next page and API call find them signed out. Someone new (unique address), so no other spec meets them.

const PERSON = {
  email: `scim-${Date.now().toString(36)}@acme.test`,
  name: "Sky Provisioned",
  password: "directory-made-42",
};
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

let browser: Browser;
let hr: Session;
let directory: APIRequestContext | undefined;
let baseUrl = "";

beforeAll(async () => {
  browser = await launchBrowser();
  hr = await openPage(browser, DESKTOP);
  await signInWithApi(hr.context, "hr@acme.test");
});

afterAll(async () => {
  await directory?.dispose();
  await browser?.close();
});

describe("directory provisioning (SCIM)", () => {
  it("hr creates the token in Settings; it is shown once and the directory's calls are accepted with it", async () => {
    const { page, errors } = hr;
    await page.goto("/setting");
    // One section at a time: chosen in the page's own navigation.
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Directory provisioning (SCIM)", exact: true }).click();
    const card = page.getByRole("region", { name: "Directory provisioning (SCIM)" });
    await visible(card);
    baseUrl = await (await visible(card.getByLabel("SCIM base URL"))).inputValue();
    expect(baseUrl).toBe(`${BASE_URL}/scim/v2`);

    // A rerun against the same database finds a token already: rotating it is the same hand-over.
    const create = card.getByRole("button", { name: "Create a token" });
    const rotate = card.getByRole("button", { name: "Rotate the token" });
    await visible(create.or(rotate));
    if (await create.isVisible()) await create.click();
    else {
      await rotate.click();
      await page.getByRole("dialog", { name: "Rotate the SCIM token?" }).getByRole("button", { name: "Rotate the token" }).click();
    }
    const tokenField = await visible(card.getByLabel("Bearer token (shown only now)"));
    const token = await tokenField.inputValue();
    expect(token.length).toBeGreaterThan(20);
    await visible(card.getByText("Copy the token now: it won't be shown again."));

    // Shown once: coming back to Settings shows that a token exists, never the token.
    await page.reload();
    await visible(card.getByRole("button", { name: "Rotate the token" }));
    expect(await card.getByLabel("Bearer token (shown only now)").count()).toBe(0);
    expect(await card.textContent()).not.toContain(token);
    expect(errors).toEqual([]);

    directory = await request.newContext({
      extraHTTPHeaders: { authorization: `Bearer ${token}`, "content-type": "application/scim+json", accept: "application/scim+json" },
    });
    const config = await directory.get(`${baseUrl}/ServiceProviderConfig`);
    expect(config.status()).toBe(200);
  });

  it("a person the directory creates shows up in hr's people list", async () => {
    const created = await directory!.post(`${baseUrl}/Users`, {
      data: {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
        userName: PERSON.email,
        name: { givenName: "Sky", familyName: "Provisioned" },
        emails: [{ value: PERSON.email, type: "work", primary: true }],
        active: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect(await created.json()).toMatchObject({ userName: PERSON.email, active: true });

    const { page, errors } = hr;
    await page.goto("/peopleManagement?tab=2");
    await expectHeading(page, "People management");
    await page.getByLabel("Search by name or email").fill(PERSON.email);
    const table = page.getByRole("table", { name: "Employees" });
    await visible(table.getByRole("cell", { name: PERSON.email, exact: true }));
    await visible(table.getByText(PERSON.name, { exact: true }));
    expect(errors).toEqual([]);
  });

  it("a SCIM deprovisioning signs the person out: their next page and API call find them signed out", { timeout: 120_000 }, async () => {
    // The person chooses a password through the reset mail (the directory gives none), signs in and works.
    const person = await openPage(browser, DESKTOP);
    const { page } = person;
    await page.goto("/forgot-password");
    await expectHeading(page, "Reset your password");
    await page.getByLabel(/^Email/).fill(PERSON.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await visible(page.getByText("a link to reset the password is on its way"));
    await page.goto(await linkInMail(PERSON.email, /Reset your Learnward password/));
    await waitForPath(page, /^\/reset-password\?token=/);
    await expectHeading(page, "Choose a new password");
    await page.getByLabel(/^New password/).fill(PERSON.password);
    await page.getByLabel(/^Repeat the new password/).fill(PERSON.password);
    await page.getByRole("button", { name: "Save new password" }).click();
    await waitForPath(page, "/login?reset=done");
    await signInWithForm(page, PERSON.email, PERSON.password);
    await waitForPath(page, "/home");
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { account: { email: string } }).account.email).toBe(PERSON.email);

    // The directory finds the person by userName (any case) and deactivates them the way Okta does.
    const found = await directory!.get(`${baseUrl}/Users`, { params: { filter: `userName eq "${PERSON.email.toUpperCase()}"` } });
    expect(found.status()).toBe(200);
    const list = (await found.json()) as { totalResults: number; Resources: { id: string; userName: string; active: boolean }[] };
    expect(list.totalResults).toBe(1);
    expect(list.Resources[0]).toMatchObject({ userName: PERSON.email, active: true });
    const deactivated = await directory!.patch(`${baseUrl}/Users/${list.Resources[0]!.id}`, {
      data: { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] },
    });
    expect(deactivated.status(), await deactivated.text()).toBe(200);
    expect(await deactivated.json()).toMatchObject({ userName: PERSON.email, active: false });

    // Their very next API call and navigation, with the cookies they signed in with.
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await page.goto("/discover");
    await waitForPath(page, /^\/login/);
    // The sign-in page, at its first step (the email first).
    await visible(page.getByRole("button", { name: "Continue", exact: true }));

    // Deactivated, not gone: the directory still reads them, and their password no longer signs them in.
    const after = await directory!.get(`${baseUrl}/Users/${list.Resources[0]!.id}`);
    expect(await after.json()).toMatchObject({ userName: PERSON.email, active: false });
    const again = await person.context.request.post("/api/auth/sign-in/email", {
      headers: OUR_ORIGIN,
      data: { email: PERSON.email, password: PERSON.password },
    });
    expect(again.ok()).toBe(false);
    await person.context.close();
  });
});
