import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { copilotMessages } from "../../db/schema/index.ts";
import { createTestContext, DEMO, type Client, type TestContext } from "../../../test/helpers.ts";
import { QUESTIONS_PER_MINUTE } from "./copilot.service.ts";
import { addPerson } from "../../../test/factories.ts";

let t: TestContext;
let admin: Client, hr: Client, tl: Client, member: Client, globex: Client;
const BASE = "/api/b2b/v1/copilot/conversations";

beforeAll(async () => {
  t = await createTestContext();
  [admin, hr, tl, member, globex] = (await Promise.all([DEMO.admin, DEMO.hr, DEMO.teamleader, DEMO.member, DEMO.globex].map((e) => t.as(e)))) as [
    Client,
    Client,
    Client,
    Client,
    Client,
  ];
});
afterAll(() => t.close());

/** A new conversation of `who` (the member by default) with one question answered from the catalog. */
const asked = async (who: Client = member) => {
  const c = (await who.post(`${BASE}/`, {})).body.id as number;
  expect((await who.post(`${BASE}/${c}/messages/`, { content: "I need to learn SQL for analytics in two weeks" })).status).toBe(200);
  return c;
};

const messagesInDb = async () => (await t.database.db.select({ n: count() }).from(copilotMessages))[0]!.n;

/** Parses a text/event-stream body into its events. */
function events(text: string) {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) }));
}

describe("copilot conversations", () => {
  it("refuses callers without a session or a company", async () => {
    expect((await t.anonymous.get(`${BASE}/`)).status).toBe(401);
    expect((await t.anonymous.post(`${BASE}/`, {})).status).toBe(401);
    expect((await admin.post(`${BASE}/`, {})).status).toBe(403);
    expect((await admin.get(`${BASE}/`)).status).toBe(403);
  });

  it("answers a question with a plan of real, linked catalog items", async () => {
    const created = await member.post(`${BASE}/`, {});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "", messages: [] });
    const conversation = created.body.id;

    const res = await member.post(`${BASE}/${conversation}/messages/`, { content: "I need to learn SQL for analytics in two weeks" });
    expect(res.status).toBe(200);
    const { question, answer } = res.body;
    expect(question).toMatchObject({ role: "user", content: "I need to learn SQL for analytics in two weeks", language: "en" });
    expect(answer).toMatchObject({ role: "assistant", engine: "local", found: true, fallback: null, language: "en", collection: null });
    expect(answer.plan).toMatchObject({ skills: ["sql", "data analysis"], available_s: 36000, span: { unit: "week", count: 2 } });
    expect(answer.plan.sections.map((s: { title: string }) => s.title)).toEqual(["Week 1", "Week 2"]);
    // Each [n] of the text is one of the items, and each item is a catalog item with its link.
    const cited = new Set([...answer.content.matchAll(/\[(\d+)\]/g)].map((m: RegExpMatchArray) => Number(m[1])));
    expect(new Set(answer.items.map((i: { ref: number }) => i.ref))).toEqual(cited);
    for (const item of answer.items) {
      expect(item.url).toMatch(/^https:\/\//);
      expect(answer.content).toContain(item.title);
      const found = await member.get(`/api/b2b/v1/discover/?search=${encodeURIComponent(item.title.split(":")[0])}&page_size=100`);
      expect(found.body.results.map((r: { id_content: number }) => r.id_content)).toContain(item.id_content);
    }
    expect(res.body.conversation).toMatchObject({ id: conversation, title: "I need to learn SQL for analytics in two weeks", messages_count: 2 });
  });

  it("keeps conversations per person: others are told they don't exist, and nothing changes", async () => {
    // A member of their own: the list of their conversations holds this one only.
    const member = (await addPerson(t, { company: "acme", role: "member" })).client;
    const conversation = await asked(member);
    const before = await messagesInDb();
    for (const other of [tl, hr, globex]) {
      expect((await other.get(`${BASE}/${conversation}/`)).status).toBe(404);
      expect((await other.post(`${BASE}/${conversation}/messages/`, { content: "hello" })).status).toBe(404);
      expect((await other.post(`${BASE}/${conversation}/collection/`, {})).status).toBe(404);
      expect((await other.delete(`${BASE}/${conversation}/`)).status).toBe(404);
      expect((await other.get(`${BASE}/`)).body.results.map((c: { id: number }) => c.id)).not.toContain(conversation);
    }
    expect(await messagesInDb()).toBe(before);
    const mine = await member.get(`${BASE}/`);
    expect(mine.body.results.map((c: { id: number }) => c.id)).toEqual([conversation]);
    const detail = await member.get(`${BASE}/${conversation}/`);
    expect(detail.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
  });

  it("refuses bad questions without writing anything", async () => {
    const conversation = await asked();
    const before = await messagesInDb();
    expect((await member.post(`${BASE}/${conversation}/messages/`, { content: "  " })).status).toBe(400);
    expect((await member.post(`${BASE}/${conversation}/messages/`, { content: "x".repeat(1001) })).status).toBe(400);
    expect((await member.post(`${BASE}/${conversation}/messages/`, { content: "sql", extra: 1 })).status).toBe(400);
    expect((await member.post(`${BASE}/999999/messages/`, { content: "sql" })).status).toBe(404);
    expect(await messagesInDb()).toBe(before);
  });

  it("streams the answer as server-sent events when asked to", async () => {
    const conversation = await asked();
    const res = await t.app.inject({
      method: "POST",
      url: `${BASE}/${conversation}/messages/`,
      headers: { authorization: `Bearer ${member.token}`, accept: "text/event-stream", "accept-encoding": "gzip" },
      payload: { content: "quiero aprender Python en un mes" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(res.headers["content-encoding"]).toBeUndefined();
    const list = events(res.body);
    expect(list[0]!.event).toBe("start");
    expect(list[0]!.data.question.content).toBe("quiero aprender Python en un mes");
    expect(list.at(-1)!.event).toBe("done");
    const deltas = list.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    const answer = list.at(-1)!.data.answer;
    expect(deltas.map((e) => e.data.text).join("")).toBe(answer.content);
    expect(answer).toMatchObject({ language: "es", engine: "local" });
    expect(answer.content).toMatch(/^Aquí tienes un plan de 1 mes para Python/);
  });

  it("answers honestly when nothing fits, and that answer can't become a collection", async () => {
    const c = (await member.post(`${BASE}/`, { title: "Odd one" })).body.id;
    expect(await member.post(`${BASE}/${c}/collection/`, {})).toMatchObject({ status: 409, body: { error: { code: "copilot_no_question" } } });
    const res = await member.post(`${BASE}/${c}/messages/`, { content: "I want to learn quantum knitting" });
    expect(res.body.answer).toMatchObject({ found: false, items: [], plan: null });
    expect(res.body.answer.suggestions.length).toBeGreaterThan(0);
    expect(res.body.conversation.title).toBe("Odd one");
    expect(await member.post(`${BASE}/${c}/collection/`, {})).toMatchObject({ status: 409, body: { error: { code: "copilot_answer_without_items" } } });
  });

  it("turns the last answer into a private draft collection, once", async () => {
    const c = (await member.post(`${BASE}/`, {})).body.id;
    const asked = await member.post(`${BASE}/${c}/messages/`, { content: "I need to learn SQL for analytics in two weeks" });
    const plan = asked.body.answer.plan;
    const made = await member.post(`${BASE}/${c}/collection/`, {});
    expect(made.status).toBe(201);
    const collection = made.body.collection;
    expect(collection).toMatchObject({
      status: "private",
      title: "Learn SQL and data analysis in 2 weeks",
      skills: ["sql", "data analysis"],
      items_count: asked.body.answer.items.length,
    });
    expect(made.body.url).toBe(`/collaborative-network/collections/${collection.id}/Learn-SQL-and-data-analysis-in-2-weeks`);

    const detail = (await member.get(`/api/b2b/v1/collections/${collection.id}/`)).body;
    expect(detail.sections.map((s: { title: string }) => s.title)).toEqual(plan.sections.map((s: { title: string }) => s.title));
    const refToId = new Map(asked.body.answer.items.map((i: { ref: number; id_content: number }) => [i.ref, i.id_content]));
    for (const [n, section] of plan.sections.entries()) {
      const inSection = detail.items
        .filter((i: { section_id: number }) => i.section_id === detail.sections[n].id)
        .map((i: { content: { id_content: number } }) => i.content.id_content);
      expect(inSection).toEqual(section.items.map((ref: number) => refToId.get(ref)));
    }
    // A draft: colleagues can't see it.
    expect((await tl.get(`/api/b2b/v1/collections/${collection.id}/`)).status).toBe(404);

    const again = await member.post(`${BASE}/${c}/collection/`, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, collection: { id: collection.id } });
    const answer = (await member.get(`${BASE}/${c}/`)).body.messages.at(-1);
    expect(answer.collection).toEqual({ id: collection.id, title: collection.title, url: made.body.url });

    // Deleted, it can be made again.
    await member.delete(`/api/b2b/v1/collections/${collection.id}/`);
    const remade = await member.post(`${BASE}/${c}/collection/`, {});
    expect(remade.status).toBe(201);
    expect(remade.body.collection.id).not.toBe(collection.id);
  });

  it("understands follow-ups: they keep the topic and accumulate constraints", async () => {
    const person = (await addPerson(t, { company: "acme", role: "member" })).client;
    const c = (await person.post(`${BASE}/`, {})).body.id;
    const say = async (content: string) => {
      const res = await person.post(`${BASE}/${c}/messages/`, { content });
      expect(res.status).toBe(200);
      return res.body.answer;
    };
    const first = await say("I need to learn kubernetes");
    expect(new Set(first.items.map((i: { content_type: string }) => i.content_type)).size).toBeGreaterThan(1);

    const videos = await say("only videos");
    expect(videos).toMatchObject({ found: true, plan: { skills: ["kubernetes"] } });
    expect(videos.content).toMatch(/^Only videos on Kubernetes\. /);
    expect(new Set(videos.items.map((i: { content_type: string }) => i.content_type))).toEqual(new Set(["video"]));

    // "What should I do first" is planning, not a topic; the videos still hold.
    const week = await say("What should I do first this week? I have 2 hours");
    expect(week).toMatchObject({ found: true, plan: { skills: ["kubernetes"], available_s: 7200 } });
    expect(week.content).toMatch(/^Still on Kubernetes, in the time you have\. /);
    expect(new Set(week.items.map((i: { content_type: string }) => i.content_type))).toEqual(new Set(["video"]));

    const es = await say("en español");
    expect(es.content).toMatch(/^Solo elementos en español sobre Kubernetes\. /);
    expect(es.items.length).toBeGreaterThan(0);
    for (const i of es.items) expect(i).toMatchObject({ content_type: "video", language: "es" });
  });

  it("names the collection in the question's language", async () => {
    const c = (await member.post(`${BASE}/`, {})).body.id;
    await member.post(`${BASE}/${c}/messages/`, { content: "quiero aprender Python en un mes" });
    const made = await member.post(`${BASE}/${c}/collection/`, {});
    expect(made.body.collection.title).toBe("Aprender Python en 1 mes");
    expect((await member.get(`/api/b2b/v1/collections/${made.body.collection.id}/`)).body.sections[0].title).toBe("Semana 1");
  });

  it("limits how many questions a person asks in a minute", async () => {
    const conversation = await asked();
    const c = (await hr.post(`${BASE}/`, {})).body.id;
    for (let i = 0; i < QUESTIONS_PER_MINUTE; i++) expect((await hr.post(`${BASE}/${c}/messages/`, { content: `leadership ${i}` })).status).toBe(200);
    const limited = await hr.post(`${BASE}/${c}/messages/`, { content: "one more" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers["retry-after"]).toBe("60");
    // Others are not held back.
    expect((await member.post(`${BASE}/${conversation}/messages/`, { content: "and kubernetes?" })).status).toBe(200);
  });

  it("holds the limit when 30 questions arrive at once: 20 answered, 10 refused, 20 kept", async () => {
    const c = (await tl.post(`${BASE}/`, {})).body.id;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => tl.post(`${BASE}/${c}/messages/`, { content: `quantum knitting ${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(QUESTIONS_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(30 - QUESTIONS_PER_MINUTE);
    expect(refused.map((a) => a.body.error.code)).toEqual(refused.map(() => "rate_limited"));
    const kept = (await tl.get(`${BASE}/${c}/`)).body.messages.filter((m: { role: string }) => m.role === "user");
    expect(kept).toHaveLength(QUESTIONS_PER_MINUTE);
  });

  it("deletes a conversation", async () => {
    const c = (await member.post(`${BASE}/`, {})).body.id;
    expect((await member.delete(`${BASE}/${c}/`)).status).toBe(204);
    expect((await member.get(`${BASE}/${c}/`)).status).toBe(404);
  });
});

describe("copilot messages in the database", () => {
  it("stores the answer's items as catalog ids", async () => {
    const conversation = await asked();
    const [row] = await t.database.db
      .select()
      .from(copilotMessages)
      .where(and(eq(copilotMessages.conversationId, conversation), eq(copilotMessages.role, "assistant")))
      .limit(1);
    expect(row!.answer!.items.length).toBeGreaterThan(0);
    expect(row!.answer!.items.every((i) => Number.isInteger(i.id) && Number.isInteger(i.ref))).toBe(true);
  });
});
