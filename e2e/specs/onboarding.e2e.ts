import { describe, expect, it } from "vitest";
import { as, call } from "../api";
import { newcomer, walk } from "../first-week";
import { confirmAddress, browserForThisFile, openPage, screenshot, signInWithForm, visible, waitForPath, OUR_ORIGIN } from "../support";

const browser = browserForThisFile();

describe("first-week onboarding (spec §4)", () => {
  it("a new member sees the panel, does a task, and sees it ticked", async () => {
    const { page, context, errors } = await openPage(browser());
    const email = `newcomer-${Date.now()}@acme.test`;
    const signUp = await context.request.post("/api/auth/sign-up/email", {
      headers: OUR_ORIGIN,
      data: { name: "Nadia Newcomer", email, password: "first-week" },
    });
    expect(signUp.ok()).toBe(true);
    // The address is proven through the mailed link before the account acts.
    await confirmAddress(context.request, email, "first-week");
    await context.clearCookies();
    await signInWithForm(page, email, "first-week");
    await waitForPath(page, "/home");

    await page.getByRole("button", { name: "Help and onboarding" }).click();
    const panel = await visible(page.getByRole("dialog", { name: "Your first week" }));
    await visible(panel.getByRole("heading", { name: "Discover" }));
    const save = panel.getByRole("button", { name: /Save your first content/ });
    await visible(save.getByRole("img", { name: "Not done yet" }));
    await screenshot(page, "onboarding-panel-1280");

    // The real action, as any client would do it: the server records the step.
    const saved = await context.request.post("/api/contentuser/save/", {
      headers: OUR_ORIGIN,
      data: { url: "https://learning.example/first-week", title: "My first save", fetch_metadata: false },
    });
    expect(saved.status()).toBe(201);

    await page.getByRole("button", { name: "Close onboarding" }).click();
    await page.getByRole("button", { name: "Help and onboarding" }).click();
    const again = await visible(page.getByRole("dialog", { name: "Your first week" }));
    await visible(again.getByRole("button", { name: /Save your first content/ }).getByRole("img", { name: "Done" }));
    await visible(again.getByText("1 of 2").first());

    // Choosing a done step keeps it as a guide on its page.
    await again.getByRole("button", { name: /Save your first content/ }).click();
    await waitForPath(page, "/home");
    await visible(page.getByRole("region", { name: "Guide: Save your first content" }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a new member of a team walks their whole checklist to the end", { timeout: 180_000 }, async () => {
    const { page, context, errors } = await openPage(browser());
    await newcomer(page, "member", "Engineering");
    const me = (await (await page.request.get("/api/me")).json()) as { account: { id: number } };
    const paths = (await call<{ results: { id: number; title: string }[] }>(context.request, "GET", "/api/b2b/v1/collections/?page_size=50")).results;
    const sql = paths.find((p) => p.title === "SQL for analysts")!;
    expect(sql, "the demo's learning paths").toBeDefined();
    const plan = `First week plan ${Date.now()}`;

    await walk(page, [
      {
        title: "Save your first content",
        path: "/home",
        act: async () =>
          void (await call(context.request, "POST", "/api/contentuser/save/", {
            url: `https://blog.example/week-${Date.now()}`,
            title: "A first read",
            fetch_metadata: false,
          })),
      },
      // A saved course lands on the wishlist.
      {
        title: "Add a course to your wishlist",
        path: "/home",
        act: async () =>
          void (await call(context.request, "POST", "/api/contentuser/save/", {
            url: `https://www.coursera.org/learn/week-${Date.now()}`,
            title: "A first course",
            fetch_metadata: false,
          })),
      },
      {
        title: "Start an upskilling plan",
        path: "/collaborative-network/myTasks",
        act: async () => {
          await call(await as("ldleader@acme.test"), "POST", "/api/b2b/v1/plans/", {
            title: plan,
            skills: { sql: { collections: [sql.id] } },
            selectedAccount: [me.account.id],
          });
          await page.reload();
          await page.getByRole("button", { name: `Start ${plan}` }).click();
          await visible(page.getByText(`You started “${plan}”`));
        },
      },
      {
        title: "Finish an item of a learning path",
        path: "/collaborative-network",
        act: async () => {
          await page.getByRole("link", { name: "SQL for analysts" }).first().click();
          await waitForPath(page, /^\/collaborative-network\/collections\/\d+\//);
          const box = page.getByRole("checkbox", { name: /^Done: / }).first();
          const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/progress/"));
          await box.check();
          expect((await saved).ok()).toBe(true);
        },
      },
      {
        title: "Follow a learning path",
        path: "/collaborative-network",
        act: async () => {
          await page.getByRole("link", { name: "Speaking with confidence" }).first().click();
          await page.getByRole("button", { name: "Follow" }).click();
          await visible(page.getByRole("button", { name: "Unfollow" }));
        },
      },
      {
        title: "Create a collection",
        path: "/collaborative-network/library",
        act: async () => void (await call(context.request, "POST", "/api/b2b/v1/collections/", { title: "My first collection" })),
      },
      {
        title: "Ask for a course to be paid",
        path: "/budgetingPlan/purchaseRequest",
        act: async () =>
          void (await call(context.request, "POST", "/api/b2b/v1/purchase-requests/", { title: "SQL bootcamp", price_minor: 4900, reason: "For the plan" })),
      },
    ]);
    await screenshot(page, "onboarding-member-complete-1280");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a new hr person sees only people steps they can do and walks them to the end", { timeout: 180_000 }, async () => {
    const { page, context, errors } = await openPage(browser());
    await newcomer(page, "hr", null);
    const engineering = (await call<{ results: { id: number }[] }>(context.request, "GET", "/api/b2b/v1/teams/?search=Engineering")).results[0]!.id;
    const asked = `asked-${Date.now()}@acme.test`;

    await walk(page, [
      {
        title: "Invite someone to the company",
        path: /^\/peopleManagement/,
        act: async () =>
          void (await call(context.request, "POST", "/api/b2b/v1/invitations/", {
            email: `hired-${Date.now()}@acme.test`,
            role: "member",
            team_id: engineering,
          })),
      },
      {
        title: "Decide an invite request",
        path: /^\/peopleManagement/,
        act: async () => {
          await call(await as("teamleader@acme.test"), "POST", "/api/b2b/v1/invite-requests/", {
            email: asked,
            team_id: engineering,
            reason: "Joins next week",
          });
          await page.goto("/peopleManagement?tab=3");
          await page.getByRole("button", { name: `Accept the invite request for ${asked}` }).click();
          const dialog = await visible(page.getByRole("dialog", { name: "Accept the invite request?" }));
          await dialog.getByRole("button", { name: "Accept" }).click();
          await dialog.waitFor({ state: "hidden" });
        },
      },
      {
        title: "Create a team",
        path: /^\/peopleManagement/,
        act: async () => void (await call(context.request, "POST", "/api/b2b/v1/teams/", { name: `Design ${Date.now()}` })),
      },
      {
        title: "Create a collection",
        path: "/collaborative-network/library",
        act: async () => void (await call(context.request, "POST", "/api/b2b/v1/collections/", { title: "People reads" })),
      },
      {
        title: "Follow a learning path",
        path: "/collaborative-network",
        act: async () => {
          await page.getByRole("link", { name: "Leading with feedback" }).first().click();
          await page.getByRole("button", { name: "Follow" }).click();
          await visible(page.getByRole("button", { name: "Unfollow" }));
        },
      },
      {
        title: "Save your first content",
        path: "/home",
        act: async () =>
          void (await call(context.request, "POST", "/api/contentuser/save/", {
            url: `https://blog.example/hr-${Date.now()}`,
            title: "Onboarding ideas",
            fetch_metadata: false,
          })),
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a new team leader walks their team's checklist to the end", { timeout: 180_000 }, async () => {
    const { page, context, errors } = await openPage(browser());
    await newcomer(page, "teamleader", "Engineering");
    const api = context.request;
    const engineering = (await call<{ results: { id: number }[] }>(api, "GET", "/api/b2b/v1/teams/?search=Engineering")).results[0]!.id;
    const paths = (await call<{ results: { id: number; title: string }[] }>(api, "GET", "/api/b2b/v1/collections/?page_size=50")).results;
    const sql = paths.find((p) => p.title === "SQL for analysts")!;

    await walk(page, [
      {
        title: "Invite someone to your team",
        path: /^\/peopleManagement/,
        act: async () =>
          void (await call(api, "POST", "/api/b2b/v1/invite-requests/", {
            email: `joiner-${Date.now()}@acme.test`,
            team_id: engineering,
            reason: "Starts Monday",
          })),
      },
      {
        title: "Decide a purchase request",
        path: "/budgetingPlan",
        act: async () => {
          // A colleague of the team asks; the new leader decides it (their own would go to the L&D leader).
          const asked = await call(await as("member@acme.test"), "POST", "/api/b2b/v1/purchase-requests/", {
            title: `Team course ${Date.now()}`,
            price_minor: 1200,
            reason: "For the sprint",
          });
          await call(api, "POST", `/api/b2b/v1/purchase-requests/${asked.id}/reject/`, { reason: "Not this quarter" });
        },
      },
      {
        title: "Create a collection",
        path: "/collaborative-network/library",
        act: async () => void (await call(api, "POST", "/api/b2b/v1/collections/", { title: "Team reads" })),
      },
      {
        title: "Assign an upskilling plan",
        path: "/collaborative-network/myTasks",
        act: async () =>
          void (await call(api, "POST", "/api/b2b/v1/plans/", {
            title: `Team plan ${Date.now()}`,
            skills: { sql: { collections: [sql.id] } },
            selectedTeam: [engineering],
          })),
      },
      {
        title: "Save your first content",
        path: "/home",
        act: async () =>
          void (await call(api, "POST", "/api/contentuser/save/", {
            url: `https://blog.example/lead-${Date.now()}`,
            title: "Leading a team",
            fetch_metadata: false,
          })),
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a new L&D leader walks their checklist to the end", { timeout: 180_000 }, async () => {
    const { page, context, errors } = await openPage(browser());
    await newcomer(page, "ldleader", null);
    const api = context.request;
    const engineering = (await call<{ results: { id: number }[] }>(api, "GET", "/api/b2b/v1/teams/?search=Engineering")).results[0]!.id;
    const paths = (await call<{ results: { id: number; title: string }[] }>(api, "GET", "/api/b2b/v1/collections/?page_size=50")).results;
    const sql = paths.find((p) => p.title === "SQL for analysts")!;
    // A month of next year: the demo's budgets cover this year.
    const month = `${new Date().getFullYear() + 1}-0${1 + (Date.now() % 9)}-01`;
    let budget = 0;

    await walk(page, [
      {
        title: "Assign an upskilling plan",
        path: "/collaborative-network/myTasks",
        act: async () =>
          void (await call(api, "POST", "/api/b2b/v1/plans/", {
            title: `Company plan ${Date.now()}`,
            skills: { sql: { collections: [sql.id] } },
            selectedTeam: [engineering],
          })),
      },
      {
        title: "Set the company budget",
        path: "/budgetingPlan/companyBudget",
        act: async () => void (budget = (await call(api, "POST", "/api/b2b/v1/budgets/", { period: "month", period_start: month, amount_minor: 500_000 })).id),
      },
      {
        title: "Allocate budget to a team",
        path: "/budgetingPlan/companyBudget",
        act: async () => void (await call(api, "POST", `/api/b2b/v1/budgets/${budget}/allocations/`, { team_id: engineering, amount_minor: 100_000 })),
      },
      {
        title: "Create a collection",
        path: "/collaborative-network/library",
        act: async () => void (await call(api, "POST", "/api/b2b/v1/collections/", { title: "Company picks" })),
      },
      {
        title: "Publish a collection to the library",
        path: "/collaborative-network/publishRequest",
        act: async () => {
          const member = await as("member@acme.test");
          const collection = await call(member, "POST", "/api/b2b/v1/collections/", { title: `Worth sharing ${Date.now()}` });
          const asked = await call(member, "POST", "/api/b2b/v1/publish-requests/", { collection_id: collection.id });
          await call(api, "POST", `/api/b2b/v1/publish-requests/${asked.id}/accept/`, {});
        },
      },
      {
        title: "Save your first content",
        path: "/home",
        act: async () =>
          void (await call(api, "POST", "/api/contentuser/save/", {
            url: `https://blog.example/ld-${Date.now()}`,
            title: "Learning culture",
            fetch_metadata: false,
          })),
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
