import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson } from "../../../test/factories.ts";
import { expectKeptCountsExact as expectKeptCountsExact_, saveLink as save } from "../../../test/library-counts.ts";

let t: TestContext;
const expectKeptCountsExact = () => expectKeptCountsExact_(t);

beforeAll(async () => {
  t = await createTestContext({ readMetadata: async () => null });
});
afterAll(() => t.close());

// PGlite runs one transaction at a time: only PostgreSQL can show writers waiting on each other.
describe.runIf(process.env.DATABASE_URL)("one person's writes on PostgreSQL", () => {
  /**
   * Runs `held` and holds its transaction open once it has written everything (in a subscriber of
   * `event`, after every other subscriber ran), runs `others` meanwhile, then lets it commit.
   * Answers the order they finished in: `others` first unless one of them waited for it (it is
   * released after 10 s whatever happens, so that waiting shows as the wrong order).
   */
  async function finishOrder(event: "content.saved" | "content.started", held: () => Promise<unknown>, others: (() => Promise<unknown>)[]) {
    let reached!: () => void;
    const inTransaction = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const off = t.app.events.on(event, async () => {
      if (!holding) return;
      holding = false;
      reached();
      await gate;
    });
    const order: string[] = [];
    try {
      const first = held().then(() => order.push("held"));
      await inTransaction;
      const timer = setTimeout(release, 10_000);
      await Promise.all(others.map((other, i) => other().then(() => order.push(`other ${i + 1}`))));
      release();
      clearTimeout(timer);
      await first;
    } finally {
      off();
      release();
    }
    return order;
  }

  it("a save goes through while another save of theirs is still in its transaction", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    // Their first save has ticked their checklist; the ones after it write no shared row there.
    await save(person, "https://blog.example.org/parallel-0", "Parallel zero");
    const order = await finishOrder("content.saved", () => save(person, "https://blog.example.org/parallel-1", "Parallel one"), [
      () => save(person, "https://blog.example.org/parallel-2", "Parallel two"),
    ]);
    expect(order).toEqual(["other 1", "held"]);
    await expectKeptCountsExact();
    const counts = await person.client.get("/api/contentuser/counts");
    expect(counts.body).toMatchObject({ articlesCount: 3, allContentCount: 3 });
  });

  it("a course move, a deletion and a save go through while another course move is in its transaction", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const first = await save(person, "https://www.coursera.org/learn/parallel-first", "Parallel first course");
    const second = await save(person, "https://www.coursera.org/learn/parallel-second", "Parallel second course");
    const article = await save(person, "https://blog.example.org/parallel-gone", "Parallel gone");
    const ok = (status: number) => (res: { status: number }) => expect(res.status).toBe(status);
    const order = await finishOrder(
      "content.started",
      () => person.client.post("/api/user/courses", { id_course: first.id_content, completed: false }).then(ok(201)),
      [
        () => person.client.post("/api/user/courses", { id_course: second.id_content, completed: false }).then(ok(201)),
        () => person.client.delete(`/api/contentuser/delete/?id_primary=${article.id_primary}`).then(ok(200)),
        () => save(person, "https://blog.example.org/parallel-new", "Parallel new"),
      ],
    );
    expect(order.at(-1)).toBe("held");
    await expectKeptCountsExact();
    const counts = await person.client.get("/api/contentuser/counts");
    expect(counts.body).toMatchObject({ coursesCount: 2, runningCount: 2, wishlistCount: 0, articlesCount: 1 });
  });
});
