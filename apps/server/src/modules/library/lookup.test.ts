import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany } from "../../../test/factories.ts";

let t: TestContext;
let company: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

const lookup = (client: Client, url: string) => client.get(`/api/contentuser/lookup?url=${encodeURIComponent(url)}`);

describe("is this page in my library (the browser extension's lookup)", () => {
  it("answers my own copy by its normalised address, with its state and my folders holding it", async () => {
    const me = (await addPerson(t, { company, role: "member" })).client;
    const url = "https://www.example.com/guides/window-functions?utm_source=mail&b=2&a=1";
    expect((await lookup(me, url)).body).toEqual({ saved: false });

    const saved = await me.post("/api/contentuser/save/", { url, title: "Window functions", content_type: "course", fetch_metadata: false });
    expect(saved.status).toBe(201);
    const folder = (await me.post("/api/user/folder/", { name: "SQL" })).body.id;
    await me.post("/api/user/folder/", { name: "Unrelated" });
    expect((await me.post("/api/user/folder_relation/create_content/", { id_folder: folder, id_primary: saved.body.id_primary })).status).toBe(201);
    expect((await me.post("/api/user/wishlist/", { id_course: saved.body.id_content })).status).toBe(201);

    // The same page as a browser shows it: another host case, no www., a fragment, parameters in another order.
    const res = await lookup(me, "https://EXAMPLE.com/guides/window-functions?a=1&b=2#part-2");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      saved: true,
      id_primary: saved.body.id_primary,
      id_content: saved.body.id_content,
      title: "Window functions",
      content_type: "course",
      course_status: "wishlist",
      folders: [{ id: folder, name: "SQL" }],
      highlights: 0,
    });
  });

  it("never shows another person's copy: a colleague's or another company's", async () => {
    const [owner, colleague] = await Promise.all([addPerson(t, { company, role: "member" }), addPerson(t, { company, role: "teamleader" })]);
    const other = await addPerson(t, { company: (await createCompany(t)).id, role: "hr" });
    const url = "https://example.com/only-mine";
    // A public save: the page is in the company's catalog, yet it is not in the colleague's library.
    expect((await owner.client.post("/api/contentuser/save/", { url, title: "Mine", fetch_metadata: false })).status).toBe(201);
    expect((await lookup(owner.client, url)).body.saved).toBe(true);
    expect((await lookup(colleague.client, url)).body).toEqual({ saved: false });
    expect((await lookup(other.client, url)).body).toEqual({ saved: false });
  });

  it("refuses a missing or non-web address and an anonymous caller", async () => {
    const me = (await addPerson(t, { company, role: "member" })).client;
    expect((await me.get("/api/contentuser/lookup")).status).toBe(400);
    expect((await lookup(me, "javascript:alert(1)")).status).toBe(400);
    expect((await lookup(me, "chrome://extensions")).status).toBe(400);
    expect((await lookup(t.anonymous, "https://example.com/x")).status).toBe(401);
  });
});
