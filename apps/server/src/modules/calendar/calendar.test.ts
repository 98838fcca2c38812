import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, addPerson, createCompanyWithRoles } from "../../../test/factories.ts";
import { accounts, adminAudit, companies } from "../../db/schema/index.ts";

// A private calendar feed of a person's plan deadlines, read by calendar apps without a session.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

/** A company of its own with a published path its L&D leader can build plans from. */
async function world() {
  const roles = await createCompanyWithRoles(t);
  const { company, ldleader, member } = roles;
  const article = await addContent(t, { company: company.id, contentType: "article", skills: ["sql"] });
  const collectionId = (await member.client.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body.id as number;
  await member.client.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: article.id });
  const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
  expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  const plan = async (title: string, deadline: string, to: { selectedAccount?: number[]; selectedTeam?: number[] }) => {
    const res = await ldleader.client.post("/api/b2b/v1/plans/", {
      title,
      deadline,
      skills: { sql: { collections: [collectionId] } },
      selectedAccount: to.selectedAccount ?? [],
      selectedTeam: to.selectedTeam ?? [],
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  return { ...roles, plan };
}

const feedUrl = async (c: Client) => {
  const res = await c.get("/api/me/calendar");
  expect(res.status, res.text).toBe(200);
  return res.body.url as string;
};
/** The feed as a calendar app fetches it: no session, only the URL. */
const fetchFeed = (url: string) => t.anonymous.get(new URL(url).pathname);

/** Parses the feed as RFC 5545 text (ical.js throws on malformed content) into its events. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarm = vevent.getFirstSubcomponent("valarm");
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      startIsDate: event.startDate.isDate,
      end: event.endDate.toString(),
      alarm: alarm && { action: alarm.getFirstPropertyValue("action"), trigger: String(alarm.getFirstPropertyValue("trigger")) },
    };
  });
}

describe("my calendar feed's URL", () => {
  it("refuses anyone without a session", async () => {
    expect((await t.anonymous.get("/api/me/calendar")).status).toBe(401);
    expect((await t.anonymous.post("/api/me/calendar/rotate", {})).status).toBe(401);
  });

  it("records a new link in the audit trail, without the secret, as other sign-in credentials are", async () => {
    const { member, company } = await createCompanyWithRoles(t);
    await feedUrl(member.client);
    expect((await member.client.post("/api/me/calendar/rotate", {})).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entity, "calendar_feed"), eq(adminAudit.entityId, member.id)));
    expect(rows.map((r) => ({ action: r.action, actorId: r.actorId, companyId: r.companyId }))).toEqual([
      { action: "rotate", actorId: member.id, companyId: company.id },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });

  it("is made on first ask, long and random, and stays the same until replaced", async () => {
    const { member, hr } = await createCompanyWithRoles(t);
    const url = await feedUrl(member.client);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(member.client)).toBe(url);
    expect(await feedUrl(hr.client)).not.toBe(url);
  });
});

describe("the feed", () => {
  it("holds every deadline of my plans, given to me or to my team, as an all-day event with a reminder", async () => {
    const w = await world();
    const mine = await w.plan("Data literacy", "2099-03-14", { selectedAccount: [w.member.id] });
    const team = await w.plan("SQL sprint", "2099-12-31", { selectedTeam: [w.team.id] });
    const res = await fetchFeed(await feedUrl(w.member.client));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const found = events(res.text).sort((a, b) => a.start.localeCompare(b.start));
    expect(found).toEqual([
      {
        uid: `plan-${mine}-account-${w.member.id}@localhost`,
        summary: "Data literacy",
        description: "Deadline of this upskilling plan. See your progress in Learnward: http://localhost:3000/collaborative-network/myTasks",
        start: "2099-03-14",
        startIsDate: true,
        end: "2099-03-15",
        alarm: { action: "DISPLAY", trigger: "-PT15H" },
      },
      expect.objectContaining({ uid: `plan-${team}-account-${w.member.id}@localhost`, summary: "SQL sprint", start: "2099-12-31", end: "2100-01-01" }),
    ]);
  });

  it("follows a moved deadline under the same event", async () => {
    const w = await world();
    const id = await w.plan("Moving target", "2099-05-01", { selectedAccount: [w.member.id] });
    const url = await feedUrl(w.member.client);
    const before = events((await fetchFeed(url)).text);
    expect((await w.ldleader.client.patch(`/api/b2b/v1/plans/${id}/`, { deadline: "2099-06-01" })).status).toBe(200);
    const after = events((await fetchFeed(url)).text);
    expect(after.map((e) => [e.uid, e.start])).toEqual([[before[0]!.uid, "2099-06-01"]]);
  });

  it("never shows another person's plans", async () => {
    const w = await world();
    await w.plan("Only for the member", "2099-02-02", { selectedAccount: [w.member.id] });
    const colleague = await addPerson(t, { company: w.company.id, role: "member" });
    const res = await fetchFeed(await feedUrl(colleague.client));
    expect(res.status).toBe(200);
    expect(events(res.text)).toEqual([]);
    expect(res.text).not.toContain("Only for the member");
  });

  it("speaks its owner's language", async () => {
    const w = await world();
    await w.plan("Datos", "2099-04-04", { selectedAccount: [w.member.id] });
    await t.database.db.update(accounts).set({ locale: "es" }).where(eq(accounts.id, w.member.id));
    const [event] = events((await fetchFeed(await feedUrl(w.member.client))).text);
    expect(event!.description).toBe(
      "Fecha límite de este plan de formación. Mira tu progreso en Learnward: http://localhost:3000/collaborative-network/myTasks",
    );
  });

  it("stops answering at the old URL once a new one is made", async () => {
    const w = await world();
    await w.plan("Rotated", "2099-07-07", { selectedAccount: [w.member.id] });
    const old = await feedUrl(w.member.client);
    const rotated = await w.member.client.post("/api/me/calendar/rotate", {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old);
    expect(await feedUrl(w.member.client)).toBe(rotated.body.url);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("not_found");
    expect(events((await fetchFeed(rotated.body.url)).text).map((e) => e.summary)).toEqual(["Rotated"]);
  });

  it("answers a deactivated person's feed exactly like an unknown one", async () => {
    const w = await world();
    await w.plan("Before leaving", "2099-08-08", { selectedAccount: [w.member.id] });
    const url = await feedUrl(w.member.client);
    expect((await w.hr.client.patch(`/api/b2b/v1/employees/${w.member.id}/`, { status: "deactivated" })).status).toBe(200);
    const gone = await fetchFeed(url);
    const unknown = await t.anonymous.get(`/api/calendar/${"A".repeat(43)}.ics`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(unknown.body);
  });

  it("stops answering while its owner's company is suspended", async () => {
    const w = await world();
    await w.plan("Suspended", "2099-09-09", { selectedAccount: [w.member.id] });
    const url = await feedUrl(w.member.client);
    await t.database.db.update(companies).set({ status: "suspended" }).where(eq(companies.id, w.company.id));
    expect((await fetchFeed(url)).status).toBe(404);
    await t.database.db.update(companies).set({ status: "active" }).where(eq(companies.id, w.company.id));
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it("answers an unknown or malformed secret with a 404, never a 500", async () => {
    for (const path of ["/api/calendar/nope.ics", `/api/calendar/${"x".repeat(300)}.ics`, "/api/calendar/%00.ics"]) {
      const res = await t.anonymous.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.error.code, path).toBeTypeOf("string");
    }
  });
});
