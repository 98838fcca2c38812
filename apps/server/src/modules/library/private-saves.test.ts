// A private saved item is readable by its owner alone. Ids are covered route by route
// in test/body-ids.test.ts; this file covers the other ways in: its link, discover and copilot,
// insights.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
let member: Client, ld: Client, colleague: Client;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  const w = await createCompanyWithRoles(t);
  [member, ld] = [w.member.client, w.ldleader.client];
  colleague = (await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id })).client;
});
afterAll(() => t.close());

const privately = (url: string, title: string, more: Record<string, unknown> = {}) =>
  colleague.post("/api/contentuser/save/", { url, title, description: `${title}: my notes`, is_private: true, fetch_metadata: false, ...more });

describe("a colleague's private save", () => {
  it("lends nobody its title or notes when they save or curate the same link", async () => {
    await privately("https://acme.example/diary-one", "Quiet diary one");
    await privately("https://acme.example/diary-two", "Quiet diary two");

    const saved = await member.post("/api/contentuser/save/", { url: "https://acme.example/diary-one", fetch_metadata: false });
    expect(saved.status).toBe(201);
    expect(saved.text).not.toContain("Quiet diary");

    const collection = (await member.post("/api/b2b/v1/collections/", { title: "Links" })).body.id;
    const added = await member.post(`/api/b2b/v1/collections/${collection}/items/`, { url: "https://acme.example/diary-two", title: "Diary, as I call it" });
    expect(added.status).toBe(201);
    expect(added.body.items.map((i: { content: { title: string } }) => i.content.title)).toEqual(["Diary, as I call it"]);
    expect(added.text).not.toContain("Quiet diary");

    // Saved publicly, the link is in discover, under the public saver's words only.
    const found = await member.get("/api/b2b/v1/discover/?search=diary&page_size=100");
    expect(found.text).not.toContain("Quiet diary");
    // The colleague keeps their own copy as they saved it.
    const theirs = await colleague.get("/api/contentuser/search?contenType=all&search=diary");
    expect(theirs.body.results.map((r: { title: string }) => r.title).sort()).toEqual(["Quiet diary one", "Quiet diary two"]);
  });

  it("stays out of the catalog once its owner deletes it", async () => {
    const saved = (await privately("https://acme.example/burned-notes", "Quiet burned notes")).body;
    expect((await colleague.delete(`/api/contentuser/delete/?id_primary=${saved.id_primary}`)).status).toBeLessThan(300);
    const found = await member.get("/api/b2b/v1/discover/?search=burned&page_size=100");
    expect(found.status).toBe(200);
    expect(found.text).not.toContain("Quiet burned notes");
    const again = await member.post("/api/contentuser/save/", { url: "https://acme.example/burned-notes", fetch_metadata: false });
    expect(again.text).not.toContain("Quiet burned");
  });

  it("is left out of others' insights, and named as saved in the owner's own", async () => {
    const course = (await privately("https://www.udemy.com/course/quiet-course/", "Quiet course")).body;
    expect((await colleague.post("/api/user/courses/", { id_course: course.id_content, completed: true })).status).toBe(201);
    const company = await ld.get("/api/b2b/v1/insights/export.csv?table=top_content&scope=company&time=all");
    expect(company.status).toBe(200);
    expect(company.text).not.toContain("Quiet course");
    const own = await colleague.get("/api/b2b/v1/insights/export.csv?table=top_content&scope=me&time=all");
    expect(own.text).toContain("Quiet course");
  });

  it("stays out of the dashboard's top content even when private saves are most of the top", async () => {
    // A company of its own has no learning history: its top content is what happens here.
    const other = (await createCompany(t)).id;
    const [quiet, leader, open] = await Promise.all([
      addPerson(t, { company: other, role: "member" }),
      addPerson(t, { company: other, role: "ldleader" }),
      addPerson(t, { company: other, role: "member" }),
    ]);
    for (let i = 1; i <= 25; i++) {
      const course = (
        await quiet.client.post("/api/contentuser/save/", {
          url: `https://www.udemy.com/course/quiet-${i}/`,
          title: `Quiet course ${i}`,
          is_private: true,
          fetch_metadata: false,
        })
      ).body;
      await quiet.client.post("/api/user/courses/", { id_course: course.id_content, completed: true });
    }
    for (const title of ["Open one", "Open two"])
      await open.client.post("/api/contentuser/save/", { url: `https://globex.example/${title.replace(" ", "-")}`, title, fetch_metadata: false });
    const dashboard = await leader.client.get("/api/b2b/v1/insights/?scope=company&time=all");
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.top_content.map((r: { title: string }) => r.title).sort()).toEqual(["Open one", "Open two"]);
  });

  it("leaves copilot answers' links and drafts once the only public save turns private", async () => {
    const shared = (
      await colleague.post("/api/contentuser/save/", { url: "https://acme.example/zeppelin", title: "Zeppelin airship navigation", fetch_metadata: false })
    ).body;
    const conversation = (await member.post("/api/b2b/v1/copilot/conversations/", {})).body.id;
    const asked = await member.post(`/api/b2b/v1/copilot/conversations/${conversation}/messages/`, { content: "zeppelin airship navigation" });
    expect(asked.body.answer.items.map((i: { id_content: number }) => i.id_content)).toContain(shared.id_content);

    expect((await colleague.patch(`/api/contentuser/${shared.id_primary}/`, { is_private: true })).status).toBe(200);
    // The answer's words stay as they were said; its link to the item goes.
    const reopened = await member.get(`/api/b2b/v1/copilot/conversations/${conversation}/`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.messages[1].items).toEqual([]);
    expect(reopened.text).not.toContain("acme.example/zeppelin");
    const draft = await member.post(`/api/b2b/v1/copilot/conversations/${conversation}/collection/`, {});
    expect(draft.text).not.toContain("Zeppelin airship navigation");
    if (draft.status === 201 || draft.status === 200) {
      const detail = await member.get(`/api/b2b/v1/collections/${draft.body.collection.id}/`);
      expect(detail.body.items.map((i: { content: { id_content: number } }) => i.content.id_content)).not.toContain(shared.id_content);
    }
  });
});
