// Discover ranks what the company curated above what one person saved, when both match as well.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addContent, createCompanyWithRoles } from "../../../test/factories.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false, readMetadata: async () => null });
});
afterAll(() => t.close());

describe("discover search: curated first among equals", () => {
  it("ranks an L&D import above a colleague's fresh save of the same title", async () => {
    const world = await createCompanyWithRoles(t);
    const title = "Kubernetes operators handbook";
    const imported = await addContent(t, { company: world.company.id, createdBy: world.ldleader.id, title, url: "https://learning.example/k8s-operators" });
    // Saved a moment ago, with the title typed by hand: the save itself counts as popularity.
    const saved = await world.member.client.post("/api/contentuser/save/", { url: "https://blog.example/my-k8s-notes", title, fetch_metadata: false });
    expect(saved.status).toBe(201);
    const found = await world.hr.client.get(`/api/b2b/v1/discover/?search=${encodeURIComponent(title)}&kind=content`);
    expect(found.status).toBe(200);
    expect(found.body.results.map((r: { url: string }) => r.url)).toEqual([imported.url, "https://blog.example/my-k8s-notes"]);
  });

  it("ranks a published learning path above a colleague's fresh save of the same title", async () => {
    const world = await createCompanyWithRoles(t);
    const title = "Terraform modules in practice";
    const ld = world.ldleader.client;
    const path = (await ld.post("/api/b2b/v1/collections/", { title, skills: ["terraform"] })).body;
    const item = await addContent(t, { company: world.company.id, title: "Another reading" });
    expect((await ld.post(`/api/b2b/v1/collections/${path.id}/items/`, { content_id: item.id })).status).toBeLessThan(300);
    const asked = (await ld.post("/api/b2b/v1/publish-requests/", { collection_id: path.id })).body;
    expect((await ld.post(`/api/b2b/v1/publish-requests/${asked.id}/accept/`, {})).status).toBeLessThan(300);
    expect((await world.member.client.post("/api/contentuser/save/", { url: "https://blog.example/tf-notes", title, fetch_metadata: false })).status).toBe(201);
    const found = await world.hr.client.get(`/api/b2b/v1/discover/?search=${encodeURIComponent(title)}`);
    expect(found.body.results.map((r: { kind: string; url?: string; collection?: { id: number } }) => r.collection?.id ?? r.url)).toEqual([
      path.id,
      "https://blog.example/tf-notes",
    ]);
  });
});
