import { inflateSync } from "node:zlib";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { accounts } from "../src/db/schema/index.ts";
import { addContent, createCompanyWithRoles } from "./factories.ts";
import type { Client, TestContext } from "./helpers.ts";

/**
 * A company of its own whose L&D leader published a two-item learning path ("SQL basics", skills
 * sql and databases) and assigned its member a plan built on it ("Data literacy", skill sql).
 * `finish` has the member mark both items done: the path and the plan complete together.
 */
export async function certificateWorld(t: TestContext, opts: { memberName?: string; memberLocale?: "en" | "es"; urlPhoto?: string | null } = {}) {
  const roles = await createCompanyWithRoles(t, { names: { member: opts.memberName ?? "Ada Lovelace" }, urlPhoto: opts.urlPhoto ?? null });
  const { company, ldleader, member } = roles;
  if (opts.memberLocale) await t.database.db.update(accounts).set({ locale: opts.memberLocale }).where(eq(accounts.id, member.id));
  const items: number[] = [];
  const collection = await ldleader.client.post("/api/b2b/v1/collections/", { title: "SQL basics", skills: ["sql", "databases"] });
  expect(collection.status, collection.text).toBe(201);
  const pathId = collection.body.id as number;
  for (const title of ["Joins", "Indexes"]) {
    const content = await addContent(t, { company: company.id, contentType: "article", title, skills: ["sql"] });
    const item = await ldleader.client.post(`/api/b2b/v1/collections/${pathId}/items/`, { content_id: content.id });
    expect(item.status, item.text).toBe(201);
    items.push((item.body.items as { id: number; content: { id_content: number } }[]).find((i) => i.content.id_content === content.id)!.id);
  }
  const asked = await ldleader.client.post("/api/b2b/v1/publish-requests/", { collection_id: pathId });
  expect((await ldleader.client.post(`/api/b2b/v1/publish-requests/${asked.body.id}/accept/`, {})).status).toBe(200);
  const plan = await ldleader.client.post("/api/b2b/v1/plans/", {
    title: "Data literacy",
    deadline: "2099-01-31",
    skills: { sql: { collections: [pathId] } },
    selectedAccount: [member.id],
  });
  expect(plan.status, plan.text).toBe(201);
  const mark = async (itemId: number, done: boolean, who: Client = member.client) => {
    const res = await who.post(`/api/b2b/v1/collections/${pathId}/progress/`, { item_id: itemId, done });
    expect(res.status, res.text).toBe(200);
  };
  const finish = async (who: Client = member.client) => {
    for (const id of items) await mark(id, true, who);
  };
  /** The member's certificates, as their profile lists them. */
  const mine = async (who: Client = member.client) => {
    const res = await who.get("/api/b2b/v1/certificates/");
    expect(res.status, res.text).toBe(200);
    return res.body.results as { id: number; code: string; kind: string; title: string; status: string; skills: string[] }[];
  };
  /** The L&D leader requires the path of the member's team (201 checked); answers the requirement's id. */
  const requireOfTeam = async (o: { due_days: number; every_months: number | null }) => {
    const res = await ldleader.client.post("/api/b2b/v1/compliance-requirements/", { collection_id: pathId, team_ids: [roles.team.id], roles: [], ...o });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  return { ...roles, pathId, planId: plan.body.id as number, items, mark, finish, mine, requireOfTeam };
}

/**
 * The text a PDF's pages draw, for asserting what it says: each content stream (inflated when
 * compressed), with the hex strings pdfkit writes for the standard fonts decoded as Latin-1 (WinAnsi).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    let body: string;
    try {
      body = (m[1]!.includes("/FlateDecode") ? inflateSync(bytes) : bytes).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of body.matchAll(/\[(.*?)\]\s*TJ/g)) {
      out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""));
    }
  }
  return out.join("\n");
}
