import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";

// The bell's API. A person lists and marks only their own notifications.
let t: TestContext;
let company: number;
let me: Person;
let other: Person;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
  me = await addPerson(t, { company, role: "member" });
  other = await addPerson(t, { company, role: "member" });
});
afterAll(() => t.close());

const tell = (to: number, plan: string) =>
  t.database.db.transaction((tx) =>
    t.app.notifier.notify(tx, {
      to: [to],
      companyId: company,
      kind: "plan_assigned",
      params: { plan, by: "Tina Lead", due_on: "2026-12-24" },
      link: "/collaborative-network/myTasks",
    }),
  );

describe("the bell's API", () => {
  it("refuses callers who are not signed in", async () => {
    expect((await t.anonymous.get("/api/notifications")).status).toBe(401);
    expect((await t.anonymous.post("/api/notifications/read-all", {})).status).toBe(401);
    expect((await t.anonymous.post("/api/notifications/1/read", {})).status).toBe(401);
  });

  it("lists my notifications newest first, paged, with how many are unread, and none of anyone else's", async () => {
    for (const plan of ["First", "Second", "Third"]) await tell(me.id, plan);
    await tell(other.id, "Not mine");
    const first = await me.client.get("/api/notifications?page_size=2");
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ count: 3, unread: 3, previous: null });
    expect(first.body.results.map((n: { params: { plan: string } }) => n.params.plan)).toEqual(["Third", "Second"]);
    expect(first.body.results[0]).toMatchObject({ kind: "plan_assigned", read: false, link: "/collaborative-network/myTasks" });
    expect(first.body.next).toContain("page=2");
    const second = await me.client.get("/api/notifications?page=2&page_size=2");
    expect(second.body.results.map((n: { params: { plan: string } }) => n.params.plan)).toEqual(["First"]);
    expect((await me.client.get("/api/notifications?page_size=0")).status).toBe(400);
  });

  it("marks one read, and answers 404 for someone else's", async () => {
    const person = await addPerson(t, { company, role: "member" });
    const [id] = await tell(person.id, "One");
    const [theirs] = await tell(other.id, "Theirs");
    const refused = await person.client.post(`/api/notifications/${theirs}/read`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("not_found");
    expect((await other.client.get("/api/notifications")).body.results[0]).toMatchObject({ id: theirs, read: false });
    expect((await person.client.post("/api/notifications/999999/read", {})).status).toBe(404);
    const read = await person.client.post(`/api/notifications/${id}/read`, {});
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id, read: true });
    expect((await person.client.get("/api/notifications")).body).toMatchObject({ unread: 0, count: 1 });
  });

  it("marks all of mine read, leaving others' unread", async () => {
    const person = await addPerson(t, { company, role: "member" });
    await tell(person.id, "A");
    await tell(person.id, "B");
    const before = (await other.client.get("/api/notifications")).body.unread;
    const all = await person.client.post("/api/notifications/read-all", {});
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({ read: 2 });
    const after = await person.client.get("/api/notifications");
    expect(after.body.unread).toBe(0);
    expect(after.body.results.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await other.client.get("/api/notifications")).body.unread).toBe(before);
  });
});
