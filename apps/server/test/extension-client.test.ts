// The browser extension's API client (apps/extension/src/api.ts) against the real server, over
// HTTP with a Bearer credential, as the extension calls a person's Learnward.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createClient, type LearnwardClient } from "../../extension/src/api.ts";
import { createTestContext, type Client, type TestContext } from "./helpers.ts";
import { addContent, addPerson, createCompany, createCompanyWithRoles } from "./factories.ts";

let t: TestContext;
let origin: string;
let company: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

/** A new person of the company and the extension's client holding their session token. */
async function extensionOf(): Promise<{ email: string; client: LearnwardClient; web: Client }> {
  const person = await addPerson(t, { company, role: "member", name: "Ada Extension" });
  return { email: person.email, client: createClient({ origin, token: person.client.token! }), web: person.client };
}

const page = { title: "Window functions", description: "Ranking and running totals", author: "Ada", image: "https://cdn.example.com/w.png", duration_s: 3723 };

describe("the extension's client against the server", () => {
  it("says who is signed in", async () => {
    const { email, client } = await extensionOf();
    const me = await client.me();
    expect(me.user).toMatchObject({ email, displayName: "Ada Extension" });
  });

  it("saves a tab with what the tab read into a chosen folder, then finds it saved there", async () => {
    const { client, web } = await extensionOf();
    const url = "https://intranet.example.com/courses/window-functions";
    expect(await client.lookup(url)).toEqual({ saved: false });
    // Folders are made in the web app; the extension lists them and files into one.
    const created = (await web.post("/api/user/folder/", { name: "SQL" })).body;

    const item = await client.save(url, page, { folderId: created.id });
    // The server never had to reach the page: what the tab said is what is kept.
    expect(item).toMatchObject({
      title: "Window functions",
      description: "Ranking and running totals",
      author: "Ada",
      duration_s: 3723,
      image_url: "https://cdn.example.com/w.png",
    });
    expect(await client.lookup(`${url}#section`)).toMatchObject({
      saved: true,
      id_primary: item.id_primary,
      title: "Window functions",
      folders: [{ id: created.id, name: "SQL" }],
    });
    expect((await client.folders()).map((f) => [f.name, f.count])).toEqual([["SQL", 1]]);
    // Adding it to the same folder again keeps it there once.
    await client.addToFolder(created.id, item.id_primary);
    expect((await client.folders())[0]!.count).toBe(1);
  });

  it("lists my open plans' skills and saves a page counting towards the one I chose", async () => {
    const { company: own, ldleader, teamleader, member } = await createCompanyWithRoles(t);
    const pathItem = await addContent(t, { company: own.id, contentType: "article", skills: ["sql"] });
    // A published learning path for the plan's skill.
    const collectionId = (await member.client.post("/api/b2b/v1/collections/", { title: "SQL path", skills: ["sql"] })).body.id;
    await member.client.post(`/api/b2b/v1/collections/${collectionId}/items/`, { content_id: pathItem.id });
    const asked = await member.client.post("/api/b2b/v1/publish-requests/", { collection_id: collectionId });
    expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
    const plan = await teamleader.client.post("/api/b2b/v1/plans/", {
      title: "SQL sprint",
      deadline: "2099-01-31",
      skills: { sql: { collections: [collectionId] } },
      selectedAccount: [member.id],
    });
    expect(plan.status, plan.text).toBe(201);
    const client = createClient({ origin, token: member.client.token! });
    expect(await client.planSkills()).toEqual([{ plan: { id: plan.body.id, title: "SQL sprint", deadline: "2099-01-31" }, skills: ["sql"] }]);

    const item = await client.save("https://blog.example/window-functions", page, { planSkill: { planId: plan.body.id, skill: "sql" } });
    const counted = await member.client.get(`/api/contentuser/${item.id_primary}/plan-skills`);
    expect(counted.body.attached).toEqual([{ plan: { id: plan.body.id, title: "SQL sprint", deadline: "2099-01-31" }, skill: "sql" }]);
    // A skill the plan lacks is refused with a code the popup names; the page stays saved.
    await expect(client.save("https://blog.example/other", page, { planSkill: { planId: plan.body.id, skill: "cobol" } })).rejects.toMatchObject({
      code: "invalid_plan_skill",
    });
    expect(await client.lookup("https://blog.example/other")).toMatchObject({ saved: true });
  });

  it("moves a saved course through wishlist, running, finished and back to none", async () => {
    const { client } = await extensionOf();
    const url = "https://learn.example.com/course/sql-basics";
    const item = await client.save(url, { ...page, title: "SQL basics" });
    const state = async () => {
      const found = await client.lookup(url);
      return found.saved ? found.course_status : "gone";
    };
    await client.setCourseStatus(item.id_content, null, "wishlist");
    expect(await state()).toBe("wishlist");
    await client.setCourseStatus(item.id_content, "wishlist", "running");
    expect(await state()).toBe("running");
    await client.setCourseStatus(item.id_content, "running", "finalized");
    expect(await state()).toBe("finalized");
    await client.setCourseStatus(item.id_content, "finalized", null);
    expect(await state()).toBe(null);
    await client.setCourseStatus(item.id_content, null, "wishlist");
    await client.setCourseStatus(item.id_content, "wishlist", null);
    expect(await state()).toBe(null);
  });

  it("keeps a selected passage as a highlight, saving the page first, and the lookup counts it", async () => {
    const { client } = await extensionOf();
    const url = "https://blog.example.org/extension-highlight";
    const first = await client.highlight(url, "Highlighted page", "  A passage worth keeping.  ");
    expect(first).toMatchObject({ item_created: true, item: { title: "Highlighted page" }, highlight: { text: "A passage worth keeping.", comment: null } });
    const second = await client.highlight(url, "Highlighted page", "x".repeat(6000));
    expect(second).toMatchObject({ item_created: false, item: { id_primary: first.item.id_primary } });
    // A passage longer than the server keeps is cut to its limit, not refused.
    expect(second.highlight.text).toHaveLength(5000);
    expect(await client.lookup(url)).toMatchObject({ saved: true, id_primary: first.item.id_primary, highlights: 2 });
  });

  it("answers a refused token and an unreachable address as errors the popup can name", async () => {
    const wrong = createClient({ origin, token: "not-a-session" });
    await expect(wrong.me()).rejects.toMatchObject({ status: 401, code: "unauthenticated" });
    const { client } = await extensionOf();
    await expect(client.lookup("https://example.com/x")).resolves.toEqual({ saved: false });
    const nowhere = createClient({ origin: "http://127.0.0.1:9", token: "x" });
    const err = await nowhere.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: "network" });
  });
});
