import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  atBothWidths,
  BASE_URL,
  expectHeading,
  heading,
  launchBrowser,
  openPage,
  outboxWhen,
  screenshot,
  type Session,
  visible,
  waitForPath,
  signInWithApi,
  OUR_ORIGIN,
} from "../support";

// People management: a team leader asks for an invite, hr approves it, the invited
// person opens the mailed link, registers and lands signed in, in the team leader's team.
// One browser context per person: sign-in allows 5 attempts a minute per address and email.

const NEWCOMER = { email: "new.hire@outside.test", name: "Nora Hill", password: "nora-learns-42" };

let browser: Browser;
let teamLeader: Session;
let hr: Session;
let newcomer: Session;
let invitationPath = "";
let teamPath = "";

/** Answers a JSON call made with a context's cookies, failing loudly on an error status. */
async function call<T>(context: BrowserContext, method: "get" | "post", path: string, data?: object): Promise<T> {
  const response = await context.request[method](path, { ...(data ? { data } : {}), headers: OUR_ORIGIN });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * An upskilling plan for the team, made through the API as the product would: the team leader
 * collects content, the L&D leader publishes it, the team leader assigns it to the team.
 */
async function assignPlanToTeam(teamId: number): Promise<void> {
  const collection = await call<{ id: number }>(teamLeader.context, "post", "/api/b2b/v1/collections/", {
    title: "People e2e: TypeScript",
    skills: ["typescript", "testing"],
  });
  await call(teamLeader.context, "post", `/api/b2b/v1/collections/${collection.id}/items/`, {
    url: "https://www.youtube.com/watch?v=people-e2e",
    title: "TypeScript in 100 seconds",
  });
  const publish = await call<{ id: number }>(teamLeader.context, "post", "/api/b2b/v1/publish-requests/", { collection_id: collection.id });
  const ldleader = await openPage(browser);
  await signInWithApi(ldleader.context, "ldleader@acme.test");
  await call(ldleader.context, "post", `/api/b2b/v1/publish-requests/${publish.id}/accept/`, {});
  await ldleader.context.close();
  await call(teamLeader.context, "post", "/api/b2b/v1/plans/", {
    title: "Q4 upskilling",
    skills: { typescript: { collections: [collection.id] }, testing: { collections: [collection.id] } },
    selectedTeam: [teamId],
  });
}

/** Screenshots of a page at 1280 and 390 wide, named people-<name>-<width>. */
async function shoot(page: Page, path: string, name: string): Promise<void> {
  await atBothWidths(page, async (label) => {
    await page.goto(path);
    await visible(heading(page));
    await page.waitForLoadState("networkidle");
    expect(await page.getByText("This page could not be shown").count(), path).toBe(0);
    await screenshot(page, `people-${name}-${label}`);
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  teamLeader = await openPage(browser);
  hr = await openPage(browser);
  newcomer = await openPage(browser);
  await signInWithApi(teamLeader.context, "teamleader@acme.test");
  await signInWithApi(hr.context, "hr@acme.test");
});

afterAll(async () => {
  await browser?.close();
});

describe("people management: invite request → approval → invitation link → signed in", () => {
  it("the team leader is sent to their own team and requests an invite", async () => {
    const { page } = teamLeader;
    await page.goto("/peopleManagement");
    await waitForPath(page, /^\/peopleManagement\/team\/\d+$/);
    teamPath = new URL(page.url()).pathname;
    await expectHeading(page, "Team Engineering");
    await visible(page.getByRole("table", { name: "Team members" }).getByText("Marco Bianchi"));

    await page.getByRole("button", { name: "Request an invite" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Request an invite to team Engineering" }));
    await dialog.getByLabel(/^Email/).fill(NEWCOMER.email);
    await dialog.getByLabel(/^Reason/).fill("Our new backend engineer");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.waitFor({ state: "hidden" });

    const invites = page.locator("section", { has: page.getByRole("heading", { name: "Invite requests" }) });
    await visible(invites.getByRole("heading", { name: NEWCOMER.email }));
    // The demo team has an invite request of its own waiting: look at this one.
    await visible(
      invites
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: NEWCOMER.email }) })
        .getByText("Pending"),
    );
    expect(teamLeader.errors).toEqual([]);
  }, 90_000);

  it("hr approves it in the Approvals tab, which mails the invitation", async () => {
    const { page } = hr;
    await page.goto("/peopleManagement?tab=3");
    expect(await page.getByRole("tab", { name: "Approvals" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("button", { name: `Accept the invite request for ${NEWCOMER.email}` }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Accept the invite request?" }));
    await dialog.getByLabel(/^Reason/).fill("Welcome aboard");
    await dialog.getByRole("button", { name: "Accept" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The pending filter no longer lists it; "All" shows the decision.
    const invites = page.locator("section", { has: page.getByRole("heading", { name: "Invite requests" }) });
    await invites.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "All" }).click();
    await visible(invites.getByText(/Accepted by Hannah Reyes/));

    // The dev outbox is the platform admin's to read.
    const mail = (await outboxWhen((mails) => mails.some((message) => message.to === NEWCOMER.email), "the newcomer's invitation")).find(
      (message) => message.to === NEWCOMER.email,
    );
    expect(mail, "an invitation mail to the newcomer").toBeDefined();
    const link = new RegExp(`${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(/invitation/[A-Za-z0-9_-]+)`).exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    invitationPath = link![1]!;
    expect(hr.errors).toEqual([]);
  }, 90_000);

  it("the invited person opens the link, registers and lands signed in", async () => {
    const { page } = newcomer;
    await page.goto(invitationPath);
    await expectHeading(page, "Join your team on Learnward");
    await visible(page.getByText("Acme (acme.test)"));
    await visible(page.getByText("Engineering", { exact: true }));
    await visible(page.getByText("Team member", { exact: true }));
    await atBothWidths(page, (label) => screenshot(page, `people-invitation-${label}`));

    // spec §5: the password rule is checked before anything is sent.
    await page.getByLabel(/^Full name/).fill(NEWCOMER.name);
    await page.getByLabel(/^Password/).fill("12345");
    await page.getByRole("button", { name: "Accept and create my account" }).click();
    await visible(page.getByText("Min length 6 characters"));

    await page.getByLabel(/^Password/).fill(NEWCOMER.password);
    await page.getByRole("button", { name: "Accept and create my account" }).click();
    await waitForPath(page, "/home");
    await visible(heading(page));

    const me = (await (await page.request.get("/api/me")).json()) as { user: { email: string }; account: { role: string; team: { name: string } | null } };
    expect(me.user.email).toBe(NEWCOMER.email);
    expect(me.account.role).toBe("member");
    expect(me.account.team?.name).toBe("Engineering");

    // The link is single use (the card keeps its first title while the link is looked up).
    await page.goto(invitationPath);
    await expectHeading(page, "Invitation already used");
    expect(newcomer.errors).toEqual([]);
  }, 90_000);

  it("the team leader now sees the new person in Engineering", async () => {
    const { page } = teamLeader;
    await page.goto("/peopleManagement");
    await waitForPath(page, /^\/peopleManagement\/team\/\d+$/);
    const members = await visible(page.getByRole("table", { name: "Team members" }));
    await visible(members.getByText(NEWCOMER.name));
    await visible(members.getByText(NEWCOMER.email));
    expect(teamLeader.errors).toEqual([]);
  }, 60_000);
});

describe("people management: hr's screens", () => {
  it("checks a CSV before sending and reports each row", async () => {
    const { page } = hr;
    await page.goto("/peopleManagement?tab=2");
    await visible(page.getByRole("table", { name: "Employees" }).getByText("Marco Bianchi"));
    await page.getByRole("button", { name: "Invite from a CSV file" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Invite from a CSV file" }));
    const csv = [
      "email,role,team",
      "csv.person@outside.test,Team member,Engineering",
      "not-an-email,Team member,Engineering",
      "someone@outside.test,Team member,No such team",
      "member@acme.test,Team member,Engineering",
      "csv.person@outside.test,HR,",
    ].join("\n");
    await dialog.getByLabel("CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await visible(dialog.getByText("1 of 5 rows are ready to send; 4 have a problem and will be skipped."));
    for (const reason of ["Invalid email", "Unknown team", "Already an employee", "Duplicate in the file"]) {
      await visible(dialog.getByRole("table").getByText(reason, { exact: true }));
    }
    await dialog.getByRole("button", { name: "Send 1 invitation" }).click();
    await visible(dialog.getByText("Done: 1 sent, 0 failed."));
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(hr.errors).toEqual([]);
  }, 90_000);

  it("lists the pending invitation, sends a fresh link and revokes it", async () => {
    const { page } = hr;
    const address = "csv.person@outside.test";
    await page.goto("/peopleManagement?tab=2");
    const section = await visible(page.getByRole("region", { name: "Pending invitations" }));
    const card = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: address }) });
    await visible(card.getByText("Team member · team Engineering"));
    await visible(card.getByText(/^Link expires on /));
    const before = (await outboxWhen((mails) => mails.some((message) => message.to === address), `the first invitation to ${address}`)).filter(
      (message) => message.to === address,
    ).length;
    await card.getByRole("button", { name: `Resend the invitation to ${address}` }).click();
    await visible(page.getByText(`A fresh link was sent to ${address}; the earlier one no longer works`));
    await outboxWhen((mails) => mails.filter((message) => message.to === address).length === before + 1, `a fresh invitation to ${address}`);

    await card.getByRole("button", { name: `Revoke the invitation to ${address}` }).click();
    const dialog = await visible(page.getByRole("dialog", { name: `Revoke the invitation to ${address}?` }));
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await dialog.waitFor({ state: "hidden" });
    await section.getByRole("heading", { name: address }).waitFor({ state: "hidden" });
    expect(hr.errors).toEqual([]);
  }, 90_000);

  it("shows the team's plan progress and its skills matrix", async () => {
    await assignPlanToTeam(Number(teamPath.split("/").at(-1)));
    const { page } = teamLeader;
    await page.goto(teamPath);
    const members = await visible(page.getByRole("table", { name: "Team members" }));
    await visible(members.getByRole("progressbar", { name: `Progress of ${NEWCOMER.name} on Q4 upskilling` }));

    await page.goto("/peopleManagement/skillboost");
    const matrix = await visible(page.getByRole("table", { name: /Skills of team Engineering/ }));
    // Other specs share this server and may add skills of their own to Engineering.
    const columns = await matrix.getByRole("columnheader").allTextContents();
    expect(columns[0]).toBe("Person");
    expect(columns).toEqual(expect.arrayContaining(["testing", "typescript"]));
    for (const name of ["Marco Bianchi", NEWCOMER.name, "Tessa Lind"]) await visible(matrix.getByRole("rowheader", { name: new RegExp(name) }));
    expect(teamLeader.errors).toEqual([]);
  }, 90_000);

  it("captures the people pages at 1280 and 390 wide", async () => {
    await shoot(hr.page, "/peopleManagement?tab=1", "hr-teams");
    await shoot(hr.page, "/peopleManagement?tab=2", "hr-employees");
    await shoot(hr.page, "/peopleManagement?tab=3", "hr-approvals");
    await shoot(hr.page, "/peopleManagement/skillboost", "hr-skillboost");
    await shoot(teamLeader.page, teamPath, "teamleader-team");
    await shoot(teamLeader.page, "/peopleManagement/skillboost", "teamleader-skillboost");
    expect(hr.errors).toEqual([]);
    expect(teamLeader.errors).toEqual([]);
  }, 180_000);
});

describe("people management: a removal request takes the person off the team", () => {
  it("the team leader asks, hr accepts, and the person stays signed in without a team", async () => {
    await teamLeader.page.goto(teamPath);
    const members = await visible(teamLeader.page.getByRole("table", { name: "Team members" }));
    await members.getByRole("button", { name: `Request removal of ${NEWCOMER.name}` }).click();
    const ask = await visible(teamLeader.page.getByRole("dialog", { name: `Request the removal of ${NEWCOMER.name}` }));
    await visible(ask.getByText(`once accepted, ${NEWCOMER.email} leaves your team. Their account stays active.`, { exact: false }));
    await ask.getByRole("button", { name: "Send request" }).click();
    await ask.waitFor({ state: "hidden" });

    const { page } = hr;
    await page.goto("/peopleManagement?tab=3");
    await page.getByRole("button", { name: `Accept the removal request for ${NEWCOMER.name} (${NEWCOMER.email})` }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Accept the removal request?" }));
    await visible(dialog.getByText(/leaves team Engineering\. The account stays active/));
    await dialog.getByRole("button", { name: "Accept" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Still signed in, in no team; the team no longer lists them.
    const me = (await (await newcomer.page.request.get("/api/me")).json()) as { account: { status: string; team: unknown } };
    expect(me.account).toMatchObject({ status: "active", team: null });
    await teamLeader.page.goto(teamPath);
    await visible(teamLeader.page.getByRole("table", { name: "Team members" }).getByText("Marco Bianchi"));
    expect(await teamLeader.page.getByRole("table", { name: "Team members" }).getByText(NEWCOMER.name).count()).toBe(0);
    expect(teamLeader.errors).toEqual([]);
    expect(hr.errors).toEqual([]);
  }, 120_000);
});
