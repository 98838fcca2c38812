import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, type Person } from "../../../test/factories.ts";
import { createImportRuns } from "./import-runs.repo.ts";
import { createImportWrites } from "./import.repo.ts";
import { createImportService, IMPORT_BATCH, IMPORT_JOB } from "./import.service.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ readMetadata: async () => null });
});
afterAll(() => t.close());

const LINKS = IMPORT_BATCH * 2 + IMPORT_BATCH / 2;
const csv = (prefix: string) => ["url,title", ...Array.from({ length: LINKS }, (_, i) => `https://${prefix}.example.org/${i},Link ${i}`)].join("\n");
const libraryCount = async (p: Person) => (await p.client.get("/api/contentuser/counts")).body.allContentCount as number;
const seen = async (p: Person, id: number) => (await p.client.get(`/api/contentuser/import/${id}`)).body;
/** Breaks one row the job has still to save, as a fault in the middle of an import would. */
const breakRow = (id: number, i: number) =>
  t.database.db.execute(sql`update library_import_rows set row = jsonb_set(row, '{created}', '"not a date"') where import_id = ${id} and i = ${i}`);

describe("an import's job", () => {
  it("saves a batch at a time, shows its progress, and resumes where it stopped", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const sent = await person.client.post("/api/contentuser/import", { format: "csv", content: csv("resume") });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ status: "queued", total: LINKS, processed: 0 });
    // The person leaves the page and comes back: the import is listed, queued.
    expect((await person.client.get("/api/contentuser/import")).body.results).toEqual([expect.objectContaining({ id: sent.body.id, status: "queued" })]);

    // The second batch fails: the first stays saved, and the import says how far it got.
    await breakRow(sent.body.id, IMPORT_BATCH + 10);
    await t.app.jobs.drain();
    expect(await seen(person, sent.body.id)).toMatchObject({ status: "running", processed: IMPORT_BATCH, added: IMPORT_BATCH });
    expect(await libraryCount(person)).toBe(IMPORT_BATCH);

    // Its next attempt goes on from there: nothing twice, nothing missing.
    await t.database.db.execute(sql`update library_import_rows set row = jsonb_set(row, '{created}', 'null') where import_id = ${sent.body.id}`);
    await t.app.jobs.send(IMPORT_JOB, { importId: sent.body.id });
    await t.app.jobs.drain();
    expect(await seen(person, sent.body.id)).toMatchObject({ status: "done", processed: LINKS, added: LINKS, merged: 0 });
    expect(await libraryCount(person)).toBe(LINKS);
    const left = await t.database.db.execute(sql`select count(*)::int as n from library_import_rows where import_id = ${sent.body.id}`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  });

  it("that fails for good takes out what it had added, and says so", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const saved = await person.client.post("/api/contentuser/save/", { url: "https://fail.example.org/1", title: "Mine before", fetch_metadata: false });
    expect(saved.status).toBe(201);
    expect((await person.client.put(`/api/contentuser/${saved.body.id_primary}/tags`, { tags: ["mine"] })).status).toBe(200);
    // The file tags its links, the one I had included, with a tag I had and a tag new to me.
    const tagged = [
      "url,title,tags",
      ...csv("fail")
        .split("\n")
        .slice(1)
        .map((line) => `${line},mine|from the file`),
    ].join("\n");
    const sent = await person.client.post("/api/contentuser/import", { format: "csv", content: tagged });
    await breakRow(sent.body.id, IMPORT_BATCH * 2 + 1);
    // The job's last attempt, run as the queue would run it.
    const service = createImportService({
      db: t.database.db,
      events: t.app.events,
      writes: createImportWrites(),
      runs: createImportRuns(t.database.db),
      jobs: t.app.jobs,
      mailer: { transport: "outbox", send: async () => {} },
      publicUrl: t.config.publicUrl,
    });
    await expect(service.run(sent.body.id, { lastAttempt: true })).rejects.toThrow();
    expect(await seen(person, sent.body.id)).toMatchObject({ status: "failed", error: "import_failed", added: 0 });
    // What was there before stays; nothing of the import does: not even the tag it had created.
    expect(await libraryCount(person)).toBe(1);
    expect((await person.client.get("/api/contentuser/tags")).body.results.map((tag: { name: string; count: number }) => [tag.name, tag.count])).toEqual([
      ["mine", 1],
    ]);
  });

  it("mails its summary when it took long, in the person's language", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    await t.database.db.execute(sql`update accounts set locale = 'es' where id = ${person.id}`);
    const sent = await person.client.post("/api/contentuser/import", { format: "csv", content: "url\nhttps://long.example.org/a\nhttps://long.example.org/b" });
    // Sent two minutes ago, as if the queue had been busy.
    await t.database.db.execute(sql`update library_imports set created_at = now() - interval '2 minutes' where id = ${sent.body.id}`);
    await t.app.jobs.drain();
    const mails = await t.mails(person.email);
    expect(mails).toEqual([expect.objectContaining({ subject: "Tu importación a Learnward ha terminado: 2 elementos nuevos" })]);
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/setting#import-library-heading`);

    // A quick one is not mailed: its person saw it end.
    const quick = await person.client.post("/api/contentuser/import", { format: "csv", content: "url\nhttps://long.example.org/c" });
    await t.app.jobs.drain();
    expect(await seen(person, quick.body.id)).toMatchObject({ status: "done" });
    expect(await t.mails(person.email)).toHaveLength(1);
  });
});
