// Semantic retrieval when an embeddings model is configured, against a local server that
// speaks the OpenAI embeddings protocol (test/embeddings-server.ts). Its vectors put "European
// privacy law" next to a GDPR course that shares no word with the question.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
import { contentEmbeddings } from "../../db/schema/index.ts";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { addContent, createCompanyWithRoles } from "../../../test/factories.ts";
import { startEmbeddingsServer, type EmbeddingsServer } from "../../../test/embeddings-server.ts";
import { createCopilotEngine } from "./copilot/engine.ts";
import { createDiscoverRepo } from "./discover.repo.ts";

const CONVERSATIONS = "/api/b2b/v1/copilot/conversations";
const PRIVACY_QUESTION = "We must comply with European privacy law, where do we start?";
const GDPR = {
  url: "https://learn.example.org/courses/gdpr-fundamentals",
  title: "GDPR Fundamentals for Teams",
  description: "Data protection duties, lawful bases and subject access requests, step by step.",
  content_type: "course",
  fetch_metadata: false,
} as const;
const KUBERNETES = {
  url: "https://learn.example.org/videos/kubernetes-basics",
  title: "Kubernetes Basics",
  description: "Pods, deployments and services on a small cluster.",
  content_type: "video",
  fetch_metadata: false,
} as const;

let model: EmbeddingsServer;
let t: TestContext;

beforeAll(async () => {
  model = await startEmbeddingsServer();
  t = await createTestContext({
    seed: false,
    readMetadata: async () => null,
    env: { EMBEDDINGS_BASE_URL: model.url, EMBEDDINGS_MODEL: "test-embedder", EMBEDDINGS_API_KEY: "test-key" },
  });
});
afterAll(async () => {
  await t.close();
  await model.close();
});
// Every test (and the suites' own set-up) starts with a model that answers.
afterEach(() => {
  model.mode = "ok";
});

const save = async (c: Client, body: object) => {
  const res = await c.post("/api/contentuser/save/", body);
  expect(res.status).toBe(201);
  return res.body.id_content as number;
};

/** Asks one question in a new conversation; answers the HTTP status and the answer. */
const ask = async (c: Client, content: string) => {
  const conversation = (await c.post(`${CONVERSATIONS}/`, {})).body.id as number;
  const res = await c.post(`${CONVERSATIONS}/${conversation}/messages/`, { content });
  return {
    status: res.status,
    found: res.body.answer?.found as boolean,
    cited: (res.body.answer?.items ?? []).map((i: { id_content: number }) => i.id_content) as number[],
  };
};

const vectorsOf = (contentId: number) => t.database.db.select().from(contentEmbeddings).where(eq(contentEmbeddings.contentId, contentId));

describe("the embedding job", () => {
  it("embeds a newly saved item once, and skips it when it is saved again unchanged", async () => {
    const co = await createCompanyWithRoles(t);
    const id = await save(co.member.client, GDPR);
    await t.app.jobs.drain();
    const sent = model.requests.flatMap((r) => r.input);
    const text = sent.find((s) => s.includes("GDPR Fundamentals for Teams"));
    expect(text).toContain("Data protection duties");
    expect(model.requests.at(-1)).toMatchObject({ model: "test-embedder", authorization: "Bearer test-key" });
    const [stored] = await vectorsOf(id);
    expect(stored).toMatchObject({ companyId: co.company.id, model: "test-embedder" });
    expect(stored!.vector).toHaveLength(6);

    const before = model.requests.length;
    await save(co.teamleader.client, GDPR);
    await t.app.jobs.drain();
    expect(model.requests.length).toBe(before);
  });

  it("embeds items that came in without a save (the demo seed, an import) on its periodic sweep", async () => {
    const co = await createCompanyWithRoles(t);
    const item = await addContent(t, { company: co.company.id, title: "Reducing customer churn: a playbook", skills: ["customer success"] });
    expect(await vectorsOf(item.id)).toEqual([]);
    await t.app.jobs.send("discover.embed-sweep", {});
    await t.app.jobs.drain();
    expect(model.requests.flatMap((r) => r.input)).toContainEqual(expect.stringContaining("Skills: customer success"));
    expect(await vectorsOf(item.id)).toHaveLength(1);
  });

  it("leaves the item for a retry when the model is down", async () => {
    const co = await createCompanyWithRoles(t);
    model.mode = "error";
    const id = await save(co.member.client, KUBERNETES);
    await t.app.jobs.drain();
    expect(await vectorsOf(id)).toEqual([]);
  });
});

describe("hybrid retrieval", () => {
  let co: Awaited<ReturnType<typeof createCompanyWithRoles>>;
  let gdpr: number;
  beforeAll(async () => {
    co = await createCompanyWithRoles(t);
    gdpr = await save(co.ldleader.client, GDPR);
    await save(co.ldleader.client, KUBERNETES);
    await t.app.jobs.drain();
  });

  it("cites the GDPR course for a question about European privacy law that shares no word with it", async () => {
    // Full text alone finds nothing for it.
    const textOnly = await createCopilotEngine(createDiscoverRepo(t.database.db)).answer(co.company.id, PRIVACY_QUESTION, { locale: "en" });
    expect(textOnly.found).toBe(false);

    const answer = await ask(co.member.client, PRIVACY_QUESTION);
    expect(answer).toMatchObject({ status: 200, found: true });
    expect(answer.cited).toContain(gdpr);
  });

  it("finds an item embedded after the company's vectors were first read", async () => {
    const fresh = await createCompanyWithRoles(t);
    await save(fresh.ldleader.client, KUBERNETES);
    await t.app.jobs.drain();
    expect(await ask(fresh.member.client, PRIVACY_QUESTION)).toMatchObject({ status: 200, found: false });
    const added = await save(fresh.ldleader.client, GDPR);
    await t.app.jobs.drain();
    expect(await ask(fresh.member.client, PRIVACY_QUESTION)).toMatchObject({ status: 200, found: true, cited: [added] });
  });

  it("keeps the topic of the question before for a follow-up that names none", async () => {
    const conversation = (await co.hr.client.post(`${CONVERSATIONS}/`, {})).body.id as number;
    const first = await co.hr.client.post(`${CONVERSATIONS}/${conversation}/messages/`, { content: PRIVACY_QUESTION });
    expect(first.body.answer.items.map((i: { id_content: number }) => i.id_content)).toEqual([gdpr]);
    const next = await co.hr.client.post(`${CONVERSATIONS}/${conversation}/messages/`, { content: "Only courses, please" });
    expect(next.status).toBe(200);
    expect(next.body.answer).toMatchObject({ found: true, items: [expect.objectContaining({ id_content: gdpr })] });
  });

  it("still answers honestly 'nothing found' to an off-topic question", async () => {
    expect(await ask(co.member.client, "What is the best pizza dough recipe?")).toMatchObject({ status: 200, found: false, cited: [] });
  });

  it("answers from full text, never a 500, when the model fails or is slow", async () => {
    for (const mode of ["error", "slow"] as const) {
      model.mode = mode;
      const started = Date.now();
      expect(await ask(co.teamleader.client, "GDPR basics")).toMatchObject({ status: 200, found: true, cited: [gdpr] });
      expect(await ask(co.teamleader.client, PRIVACY_QUESTION)).toMatchObject({ status: 200, found: false });
      expect(Date.now() - started).toBeLessThan(3 * 2000);
    }
  });

  it("never offers another company's items, nor a hidden one", async () => {
    const other = await createCompanyWithRoles(t);
    await save(other.member.client, KUBERNETES);
    await t.app.jobs.drain();
    expect(await ask(other.member.client, PRIVACY_QUESTION)).toMatchObject({ status: 200, found: false, cited: [] });

    // A company of its own: the other tests here keep theirs listed (they run in any order).
    const hiding = await createCompanyWithRoles(t);
    const hidden = await save(hiding.ldleader.client, GDPR);
    await t.app.jobs.drain();
    expect((await hiding.ldleader.client.post(`/api/b2b/v1/catalog/${hidden}/hide/`)).status).toBe(200);
    expect(await ask(hiding.member.client, PRIVACY_QUESTION)).toMatchObject({ status: 200, found: false, cited: [] });
  });
});

describe("embeddings settings", () => {
  const base = { NODE_ENV: "test" };
  it("refuses a bad URL or half a configuration at start, with the setting named", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems.join("\n");
      }
    };
    expect(problems({ EMBEDDINGS_BASE_URL: "ftp://models.local", EMBEDDINGS_MODEL: "m" })).toMatch(/^EMBEDDINGS_BASE_URL=.*http/);
    expect(problems({ EMBEDDINGS_BASE_URL: "http://localhost:11434" })).toMatch(/EMBEDDINGS_MODEL/);
    expect(problems({ EMBEDDINGS_MODEL: "nomic-embed-text" })).toMatch(/EMBEDDINGS_BASE_URL/);
    expect(problems({ EMBEDDINGS_API_KEY: "k" })).toMatch(/EMBEDDINGS_BASE_URL/);
    expect(problems({ EMBEDDINGS_BASE_URL: "http://localhost:11434", EMBEDDINGS_MODEL: "m", EMBEDDINGS_MIN_COSINE: "2" })).toMatch(/EMBEDDINGS_MIN_COSINE/);
    expect(problems({ EMBEDDINGS_BASE_URL: "http://localhost:11434", EMBEDDINGS_MODEL: "nomic-embed-text" })).toBeNull();
  });
});
