import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learningEvents, onboardingEntries, userContents } from "../db/schema/index.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { addPerson } from "../../test/factories.ts";
import { createEventBus, DOMAIN_EVENTS, type Executor, type Handler, perTransaction } from "./events.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const eventsOf = async (accountId: number) =>
  t.database.db.select({ kind: learningEvents.kind }).from(learningEvents).where(eq(learningEvents.accountId, accountId));
const ticksOf = async (accountId: number) =>
  (await t.database.db.select({ title: onboardingEntries.title }).from(onboardingEntries).where(eq(onboardingEntries.accountId, accountId))).map(
    (r) => r.title,
  );
const savesOf = async (accountId: number) => t.database.db.select({ id: userContents.id }).from(userContents).where(eq(userContents.accountId, accountId));
let n = 0;
const save = (client: { post: TestContext["anonymous"]["post"] }) =>
  client.post("/api/contentuser/save/", { url: `https://blog.example/events-${++n}`, title: "An article", fetch_metadata: false });

describe("domain events (lib/events.ts)", () => {
  it("names every event as the product does and refuses a payload its schema does not allow", async () => {
    for (const name of Object.keys(DOMAIN_EVENTS)) expect(name).toMatch(/^[a-z_]+\.[a-z_]+$/);
    await expect(t.app.events.emit(t.database.db, "content.saved", { actorId: 1, contentId: -3, courseStatus: null })).rejects.toThrow();
    // @ts-expect-error the payload is typed by the event's name: a team has no contentId
    await expect(t.app.events.emit(t.database.db, "team.created", { actorId: 1, contentId: 2 })).rejects.toThrow();
  });

  it("belongs to one app: another bus in the same process hears nothing of it", async () => {
    const [mine, other] = [createEventBus(), createEventBus()];
    const heard: string[] = [];
    mine.on("team.created", async () => void heard.push("mine"));
    other.on("team.created", async () => void heard.push("other"));
    await mine.emit(t.database.db, "team.created", { actorId: 1, teamId: 1 });
    expect(heard).toEqual(["mine"]);
  });

  it("runs each subscriber in the emitter's transaction", async () => {
    let seen: Executor | undefined;
    const spy: Handler<"team.created"> = async (tx) => {
      seen = tx;
    };
    const stop = t.app.events.on("team.created", spy);
    try {
      let emitter: Executor | undefined;
      await t.database.db.transaction(async (tx) => {
        emitter = tx;
        await t.app.events.emit(tx, "team.created", { actorId: 1, teamId: 1 });
      });
      expect(seen).toBeDefined();
      expect(seen).toBe(emitter);
    } finally {
      stop();
    }
  });

  it("a save whose transaction fails after emitting leaves no saved item, no insights event and no onboarding tick", async () => {
    const me = await addPerson(t, { company: "acme", role: "member" });
    const boom: Handler<"content.saved"> = async () => {
      throw new Error("a later step of the save failed");
    };
    const stop = t.app.events.on("content.saved", boom);
    try {
      expect((await save(me.client)).status).toBe(500);
    } finally {
      stop();
    }
    expect(await savesOf(me.id)).toEqual([]);
    expect(await eventsOf(me.id)).toEqual([]);
    expect(await ticksOf(me.id)).toEqual([]);

    // The same save going through records both, from the event alone.
    expect((await save(me.client)).status).toBe(201);
    expect(await eventsOf(me.id)).toEqual([{ kind: "save" }]);
    expect(await ticksOf(me.id)).toEqual(["Save your first content"]);
  });

  it("an event emitted in a transaction that is rolled back records nothing; committed, it records", async () => {
    const author = await addPerson(t, { company: "acme", role: "member" });
    expect((await save(author.client)).status).toBe(201);
    const [{ contentId } = { contentId: 0 }] = await t.database.db
      .select({ contentId: userContents.contentId })
      .from(userContents)
      .where(eq(userContents.accountId, author.id));
    const me = await addPerson(t, { company: "acme", role: "member" });

    const saveAndMaybeFail = (fail: boolean) =>
      t.database.db.transaction(async (tx) => {
        await tx
          .insert(userContents)
          .values({ accountId: me.id, contentId, title: "An article", url: `https://blog.example/events-${n}`, contentType: "article" });
        await t.app.events.emit(tx, "content.saved", { actorId: me.id, contentId, courseStatus: null });
        if (fail) throw new Error("rolled back");
      });
    await expect(saveAndMaybeFail(true)).rejects.toThrow("rolled back");
    expect(await eventsOf(me.id)).toEqual([]);
    expect(await ticksOf(me.id)).toEqual([]);

    await saveAndMaybeFail(false);
    expect(
      await t.database.db
        .select({ kind: learningEvents.kind })
        .from(learningEvents)
        .where(and(eq(learningEvents.accountId, me.id), eq(learningEvents.contentId, contentId))),
    ).toEqual([{ kind: "save" }]);
    expect(await ticksOf(me.id)).toEqual(["Save your first content"]);
  });
});

describe("side effects go through events only", () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path.join(dir, e.name)] : [],
    );
  const modules = path.join(src, "modules");

  it("no module outside insights imports insights.events or records insights events itself", () => {
    const offenders = files(modules)
      .filter((f) => !f.startsWith(path.join(modules, "insights") + path.sep))
      .filter((f) => /insights\.events|recordEvent|recordPlanAssigned/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });

  it("onboarding ticks from events, not from route strings", () => {
    const offenders = files(path.join(modules, "onboarding"))
      .filter((f) => /\b(GET|POST|PUT|PATCH|DELETE) \/api\/|routeOptions\.url|addHook\(/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });
});

// A subscriber many events of one transaction reach (a batch of one person's outside records) reads once.
describe("perTransaction", () => {
  it("loads once per transaction and key, again in the next transaction, and each time outside one", async () => {
    let loads = 0;
    const load = async () => ++loads;
    await t.database.db.transaction(async (tx) => {
      expect(await perTransaction(tx, "k", load)).toBe(1);
      expect(await perTransaction(tx, "k", load)).toBe(1);
      expect(await perTransaction(tx, "other", load)).toBe(2);
    });
    await t.database.db.transaction(async (tx) => expect(await perTransaction(tx, "k", load)).toBe(3));
    expect(await perTransaction(t.database.db, "k", load)).toBe(4);
    expect(await perTransaction(t.database.db, "k", load)).toBe(5);
  });
});
