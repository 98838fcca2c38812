import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  accessibilityViolations,
  atBothWidths,
  confirmAddress,
  DEMO_ADMIN,
  expectHeading,
  launchBrowser,
  linkInMail,
  openPage,
  screenshot,
  signInWithForm,
  toastsGone,
  type Session,
  visible,
  signInWithApi,
  OUR_ORIGIN,
} from "../support";

// The admin area: a platform admin creates a company and edits it (requiring
// two-factor sign-in of its hr and L&D leaders, inviting its first hr person), suspends it (its
// person can't sign in) and lifts the suspension, changes an account's role and adjusts a budget
// with a reason, each change shown in the audit log; a member is refused the area.
// Everything touched is made here (a new company, its person, a past month's budget), so the
// demo data other spec files rely on stays as it was.

const RUN = Date.now().toString(36);
const COMPANY = { name: `Initech ${RUN}`, renamed: `Initech Corp ${RUN}`, domain: `initech-${RUN}.test` };
const PERSON = { name: "Peter Gibbons", email: `peter@${COMPANY.domain}`, password: "tps-reports-42" };
const YEAR = new Date().getFullYear();
// A month long past: no other spec's budget page counts it as current.
const BUDGET_START = `${YEAR - 1}-06-01`;
const BUDGET_PERIOD = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${BUDGET_START}T00:00:00Z`));
const REASON = `Extra seats for the ${RUN} cohort`;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let browser: Browser;
let admin: Session;
const extra: Session[] = [];

async function session(): Promise<Session> {
  const s = await openPage(browser);
  extra.push(s);
  return s;
}

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expectHeading(page, title);
}

/** The page at both widths, after the network settles and the toasts are gone. */
async function shoot(page: Page, name: string): Promise<void> {
  await toastsGone(page);
  // No tooltip left open under the pointer or on the focused button of the last click.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page
    .getByRole("tooltip")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => {});
  await atBothWidths(page, async (label, viewport) => {
    await page.waitForLoadState("networkidle");
    // Nothing pushes the page wider than the screen (wide tables scroll inside their own area).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 15_000 }).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `${name}-${label}`);
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  // Admins must use two-factor sign-in: this sets up the admin's authenticator if no spec did yet.
  await signInWithApi(admin.context, DEMO_ADMIN);
});
afterAll(async () => {
  for (const s of [admin, ...extra]) await s?.context.close();
  await browser?.close();
});

describe("admin area", () => {
  it("creates a company, with the server's refusal of a taken domain on its field, and edits it", { timeout: 120_000 }, async () => {
    const page = admin.page;
    await open(page, "/admin", "Companies");
    await visible(page.getByRole("table", { name: "Companies", exact: true }).getByRole("row", { name: /Acme/ }));

    await page.getByRole("button", { name: "New company" }).click();
    const dialog = page.getByRole("dialog", { name: "New company" });
    await dialog.getByRole("textbox", { name: "Name" }).fill(COMPANY.name);
    const domain = dialog.getByRole("textbox", { name: "Email domain" });
    await domain.fill("acme.test");
    await dialog.getByRole("textbox", { name: "Currency" }).fill("EUR");
    await visible(dialog.getByText("Euro", { exact: true }));
    await dialog.getByRole("textbox", { name: "Registration allow-list" }).fill(`*@${COMPANY.domain}`);
    await dialog.getByRole("button", { name: "Create company" }).click();
    await visible(dialog.getByText("Another company already has this domain."));
    expect(await domain.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "admin-company-dialog-1280");

    await domain.fill(COMPANY.domain);
    await dialog.getByRole("button", { name: "Create company" }).click();
    await dialog.waitFor({ state: "hidden" });
    const table = page.getByRole("table", { name: "Companies", exact: true });
    await visible(table.getByRole("row", { name: new RegExp(COMPANY.name) }));

    await page.getByRole("button", { name: `Edit ${COMPANY.name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${COMPANY.name}` });
    await edit.getByRole("textbox", { name: "Name" }).fill(COMPANY.renamed);
    const rule = edit.getByRole("switch", { name: "Require two-factor sign-in for hr and L&D leaders" });
    expect(await rule.isChecked()).toBe(false);
    await rule.check();
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "hidden" });
    await visible(table.getByRole("row", { name: new RegExp(COMPANY.renamed) }));

    // Its audit entries, on the company itself and in the page's recent changes.
    await page.getByRole("button", { name: `Details and history of ${COMPANY.renamed}` }).click();
    const details = page.getByRole("dialog", { name: COMPANY.renamed });
    const history = details.getByRole("table", { name: `History of ${COMPANY.renamed}`, exact: true });
    await visible(history.getByRole("row", { name: new RegExp(`Edited.*Name: ${COMPANY.name} → ${COMPANY.renamed}`) }));
    await visible(history.getByRole("row", { name: /Created/ }));
    await visible(details.getByText("Required for hr and L&D leaders"));

    // Its first hr person is invited from here, and the invitation mailed.
    await details.getByRole("button", { name: "Invite a person" }).click();
    const invite = page.getByRole("dialog", { name: `Invite a person to ${COMPANY.renamed}` });
    await invite.getByRole("textbox", { name: "Email" }).fill(`hr@${COMPANY.domain}`);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await visible(page.getByText(`An invitation was mailed to hr@${COMPANY.domain}`));
    await invite.waitFor({ state: "hidden" });
    expect(await linkInMail(`hr@${COMPANY.domain}`)).toMatch(/\/invitation\/[A-Za-z0-9_-]+$/);
    await details.getByRole("button", { name: "Close" }).click();
    await visible(
      page
        .getByRole("table", { name: "Recent changes to companies", exact: true })
        .getByRole("row", { name: new RegExp(`Alex Morgan.*Edited.*${COMPANY.renamed}`) })
        .first(),
    );
    expect(admin.errors).toEqual([]);
  });

  it("shows the company's single sign-on and SCIM sections in its details, creating its SCIM token there", { timeout: 120_000 }, async () => {
    const page = admin.page;
    await open(page, "/admin", "Companies");
    await page.getByRole("button", { name: `Details and history of ${COMPANY.renamed}` }).click();
    const details = page.getByRole("dialog", { name: COMPANY.renamed });
    const sso = details.getByRole("region", { name: "Single sign-on", exact: true });
    await visible(sso.getByText(/\/api\/auth\/sso\/oidc\/callback$/));
    expect(await sso.getByLabel(/^Issuer URL/).inputValue()).toBe("");
    const scim = details.getByRole("region", { name: "Directory provisioning (SCIM)" });
    expect(await (await visible(scim.getByRole("textbox", { name: "SCIM base URL" }))).inputValue()).toMatch(/\/scim\/v2$/);
    await scim.getByRole("button", { name: "Create a token" }).click();
    expect(await (await visible(scim.getByRole("textbox", { name: "Bearer token (shown only now)" }))).inputValue()).not.toBe("");
    await visible(scim.getByRole("button", { name: "Rotate the token" }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-company-sso-scim");
    await details.getByRole("button", { name: "Close" }).click();
    expect(admin.errors).toEqual([]);
  });

  it("suspends it: its person can't sign in, nothing is deleted; lifting lets them in again", { timeout: 180_000 }, async () => {
    // The company's allow-list admits its person, who registers (and so is signed in once).
    const person = await session();
    const signUp = await person.context.request.post("/api/auth/sign-up/email", {
      headers: OUR_ORIGIN,
      data: { name: PERSON.name, email: PERSON.email, password: PERSON.password },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    // The address is proven through the mailed link before the account acts.
    await confirmAddress(person.context.request, PERSON.email, PERSON.password);
    await person.context.clearCookies();

    const page = admin.page;
    await open(page, "/admin", "Companies");
    const row = page.getByRole("table", { name: "Companies", exact: true }).getByRole("row", { name: new RegExp(COMPANY.renamed) });
    await visible(row.getByText("Active", { exact: true }));
    await page.getByRole("button", { name: `Suspend ${COMPANY.renamed}` }).click();
    const confirm = page.getByRole("dialog", { name: `Suspend ${COMPANY.renamed}?` });
    await visible(confirm.getByText(/Its 1 person is signed out at once and can't sign in until you lift the suspension\. Nothing is deleted\./));
    await confirm.getByRole("button", { name: "Suspend" }).click();
    await confirm.waitFor({ state: "hidden" });
    await visible(row.getByText("Suspended", { exact: true }));
    // Nothing is deleted: the person still counts.
    expect(await row.getByRole("cell").nth(1).innerText()).toBe("1");

    await signInWithForm(person.page, PERSON.email, PERSON.password);
    await visible(person.page.getByRole("alert").filter({ hasText: "Your company's access to Learnward is suspended" }));
    expect(person.page.url()).toContain("/login");
    await screenshot(person.page, "admin-suspended-sign-in-1280");

    await page.getByRole("button", { name: `Lift the suspension of ${COMPANY.renamed}` }).click();
    const lift = page.getByRole("dialog", { name: `Lift the suspension of ${COMPANY.renamed}?` });
    await lift.getByRole("button", { name: "Lift suspension" }).click();
    await lift.waitFor({ state: "hidden" });
    await visible(row.getByText("Active", { exact: true }));
    await signInWithApi(person.context, PERSON.email, PERSON.password);

    await page.getByRole("button", { name: `Details and history of ${COMPANY.renamed}` }).click();
    const history = page.getByRole("dialog", { name: COMPANY.renamed }).getByRole("table", { name: `History of ${COMPANY.renamed}`, exact: true });
    await visible(history.getByRole("row", { name: /Reactivated.*Status: Suspended → Active/ }));
    await visible(history.getByRole("row", { name: /Suspended.*Status: Active → Suspended/ }));
    await page.keyboard.press("Escape");
    await toastsGone(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-companies");
    expect(admin.errors).toEqual([]);
  });

  it("changes an account's role, audited, with its sign-in history", { timeout: 120_000 }, async () => {
    const page = admin.page;
    await open(page, "/admin/people-management", "People management");
    await page.getByRole("searchbox", { name: "Search by name or email" }).fill(PERSON.email);
    const table = page.getByRole("table", { name: "Accounts", exact: true });
    const row = table.getByRole("row", { name: new RegExp(PERSON.name) });
    await visible(row.getByText("Team member", { exact: true }));
    await expect.poll(() => table.getByRole("row").count()).toBe(2);

    await page.getByRole("button", { name: `Change the role or company of ${PERSON.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Role and company of ${PERSON.name}` });
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "HR", exact: true }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await visible(row.getByText("HR", { exact: true }));

    await page.getByRole("button", { name: `Sign-ins and history of ${PERSON.name}` }).click();
    const history = page.getByRole("dialog", { name: `${PERSON.name}: sign-ins and history` });
    await expect
      .poll(() =>
        history
          .getByRole("table", { name: `Sign-ins of ${PERSON.name}`, exact: true })
          .getByRole("row")
          .count(),
      )
      .toBeGreaterThanOrEqual(2);
    await visible(
      history.getByRole("table", { name: `Changes to ${PERSON.name}`, exact: true }).getByRole("row", { name: /Alex Morgan.*Edited.*Role: Team member → HR/ }),
    );
    await screenshot(page, "admin-account-history-1280");
    await page.keyboard.press("Escape");
    await visible(
      page
        .getByRole("table", { name: "Recent changes to accounts", exact: true })
        .getByRole("row", { name: new RegExp(`Edited.*${COMPANY.renamed}.*Role: Team member → HR`) })
        .first(),
    );
    await toastsGone(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-people");
    expect(admin.errors).toEqual([]);
  });

  it("adjusts a budget with a required reason, and shows it in the audit", { timeout: 120_000 }, async () => {
    // The L&D leader sets a budget for a month long past (so no other spec counts it).
    const ld = await session();
    await signInWithApi(ld.context, "ldleader@acme.test");
    const created = await ld.context.request.post("/api/b2b/v1/budgets/", {
      headers: OUR_ORIGIN,
      data: { period: "month", period_start: BUDGET_START, amount_minor: 200_000 },
    });
    expect([201, 409], await created.text()).toContain(created.status());

    const page = admin.page;
    await open(page, "/admin/budget-management", "Budget management");
    const row = page.getByRole("table", { name: "Company budgets", exact: true }).getByRole("row", { name: new RegExp(`Acme.*${BUDGET_PERIOD}`) });
    await visible(row);
    const before = await row.getByRole("cell").nth(1).innerText();
    expect(before).toMatch(/^\$[\d,]+\.\d\d$/);

    await page.getByRole("button", { name: `Adjust the Acme ${BUDGET_PERIOD} budget` }).click();
    const dialog = page.getByRole("dialog", { name: `Adjust the Acme budget for ${BUDGET_PERIOD}` });
    const amount = dialog.getByRole("textbox", { name: "New amount" });
    const next = Number((await amount.inputValue()).replace(/[^\d.]/g, "")) + 500;
    await amount.fill(next.toFixed(2));
    await dialog.getByRole("button", { name: "Adjust budget" }).click();
    await visible(dialog.getByText("Say why the budget changes."));
    await dialog.getByRole("textbox", { name: "Reason" }).fill(REASON);
    await dialog.getByRole("button", { name: "Adjust budget" }).click();
    await dialog.waitFor({ state: "hidden" });
    const formatted = new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(next);
    await expect.poll(() => row.getByRole("cell").nth(1).innerText()).toBe(formatted);

    const audit = page.getByRole("table", { name: "Recent budget adjustments", exact: true });
    await visible(
      audit.getByRole("row", {
        name: new RegExp(`Alex Morgan.*Adjusted.*${BUDGET_PERIOD} · Acme.*Amount: ${literal(before)} → ${literal(formatted)}.*${REASON}`),
      }),
    );
    await toastsGone(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, "admin-budgets");
    expect(admin.errors).toEqual([]);
  });

  it("refuses a member the admin area", { timeout: 120_000 }, async () => {
    const member = await session();
    await signInWithApi(member.context, "member@acme.test");
    for (const path of ["/admin", "/admin/people-management", "/admin/budget-management"]) {
      await member.page.goto(path);
      await visible(member.page.getByRole("heading", { name: "You do not have access to this page" }));
    }
    expect((await member.context.request.get("/api/b2b/v1/admin/companies/")).status()).toBe(403);
    // Opened afresh at each width (the member's onboarding drawer would linger off-screen after a resize).
    await atBothWidths(member.page, async (label) => {
      await member.page.goto("/admin");
      await visible(member.page.getByRole("heading", { name: "You do not have access to this page" }));
      await member.page.waitForLoadState("networkidle");
      await screenshot(member.page, `admin-member-refused-${label}`);
    });
    expect(member.errors).toEqual([]);
  });
});
