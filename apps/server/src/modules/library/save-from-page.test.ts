import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";
import { fixture, html, startFixtureServer, type FixtureServer } from "../../../test/fixtures/fixture-server.ts";

let pages: FixtureServer;
let allowed: TestContext;
let strict: TestContext;

beforeAll(async () => {
  pages = await startFixtureServer({ "/course": html(fixture("metadata/jsonld-course.html")), "/post": html(fixture("metadata/og-page.html")) });
  // This context may read the local fixture server (and nothing else that is private)…
  allowed = await createTestContext({ seed: false, fetch: createSafeFetch({ allowAddress: (ip, port) => ip === "127.0.0.1" && port === pages.port }) });
  // …this one runs the production policy: loopback is refused.
  strict = await createTestContext({ seed: false });
});
/** A member of a new company of the context. */
const memberOf = async (t: TestContext) => (await addPerson(t, { company: (await createCompany(t)).id, role: "member" })).client;
/** My item as my library lists it now. */
async function listed(c: Client, idPrimary: number) {
  const list = await c.get("/api/contentuser/search?contenType=all&page_size=100");
  return list.body.results.find((r: { id_primary: number }) => r.id_primary === idPrimary);
}
afterAll(async () => {
  await Promise.all([allowed.close(), strict.close()]);
  await pages.close();
});

describe("saving a URL reads the page through the safe fetcher", () => {
  it("fills title, author and description from the page's Open Graph tags", async () => {
    const member = await memberOf(allowed);
    const res = await member.post("/api/contentuser/save/", { url: pages.url("/post") });
    expect(res.status).toBe(201);
    await allowed.app.jobs.drain();
    expect(await listed(member, res.body.id_primary)).toMatchObject({ title: 'Café & Code: a "practical" guide', author: "Ada Lovelace" });
    expect(pages.hits.get("/post")).toBe(1);
  });

  it("refuses to read loopback pages with the default policy, and still saves what was typed", async () => {
    const member = await memberOf(strict);
    const before = pages.hits.get("/course") ?? 0;
    const res = await member.post("/api/contentuser/save/", { url: pages.url("/course"), title: "Typed title" });
    expect(res.status).toBe(201);
    await strict.app.jobs.drain();
    expect(await listed(member, res.body.id_primary)).toMatchObject({ title: "Typed title", description: null, metadata_pending: false });
    expect(pages.hits.get("/course") ?? 0).toBe(before);
    const preview = await member.post("/api/contentuser/preview/", { url: "http://169.254.169.254/latest/meta-data/" });
    expect(preview.body.readable).toBe(false);
  });
});
