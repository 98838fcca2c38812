// Every list route reads its query as a client written against the spec sends it. An
// empty parameter (`username=`, `page_size=`) is an absent one, a boolean is true/false/True/False/1/0,
// and `null` for a boolean is no filter. The routes come from the OpenAPI document, so a new list
// route joins this sweep by itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, DEMO, type Client, type TestContext } from "./helpers.ts";

type Param = { in: string; name: string; required?: boolean; schema?: { type?: string; enum?: unknown[] } };
type Op = { path: string; query: Param[] };

let t: TestContext;
let callers: Client[];
let lists: Op[];
/** Values for a route's required parameters, and for {id} in its path, that the demo data answers. */
let fill: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  callers = await Promise.all([DEMO.member, DEMO.teamleader, DEMO.ldleader, DEMO.hr, DEMO.admin].map((e) => t.as(e)));
  const doc = (await t.anonymous.get("/api/openapi.json")).body as {
    paths: Record<
      string,
      { get?: { parameters?: Param[]; responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> } }
    >;
  };
  lists = Object.entries(doc.paths).flatMap(([path, methods]) => {
    const props = methods.get?.responses?.["200"]?.content?.["application/json"]?.schema?.properties ?? {};
    return "count" in props && "results" in props ? [{ path, query: (methods.get!.parameters ?? []).filter((p) => p.in === "query") }] : [];
  });
  const member = callers[0]!;
  const me = (await member.get("/api/me")).body;
  const folder = await member.post("/api/user/folder/", { name: "Reading list" });
  expect(folder.status).toBe(201);
  // A saved item of the member's, whose highlights are a list.
  const saved = await member.post("/api/contentuser/save/", { url: "https://learn.example.org/query-params-sweep", title: "Swept", fetch_metadata: false });
  expect(saved.status).toBe(201);
  fill = { uid: me.account.uid, id_folder__id: String(folder.body.id) };
});
afterAll(() => t.close());

/** Where the items a nested route names by {id} are listed, when that is not the path above it: a saved item's note and highlights. */
const PARENT_LISTS: Record<string, { url: string; id: string }> = {
  "/api/contentuser": { url: "/api/contentuser/search/?contenType=all,job&page_size=1", id: "id_primary" },
};

/** The first caller the route answers 200, with its path's {id} taken from the list above it. */
async function callable(op: Op): Promise<{ caller: Client; url: (query: Record<string, string>) => string } | null> {
  for (const caller of callers) {
    let path = op.path;
    const parent = op.path.match(/^(.*)\/\{id\}/)?.[1];
    if (parent) {
      const list = PARENT_LISTS[parent];
      const first = (await caller.get(list?.url ?? `${parent}/?page_size=1`)).body?.results?.[0]?.[list?.id ?? "id"];
      if (first === undefined) continue;
      path = op.path.replace("{id}", String(first));
    }
    const required = Object.fromEntries(op.query.filter((p) => p.required).map((p) => [p.name, fill[p.name] ?? ""]));
    const url = (query: Record<string, string>) => `${path}/?${new URLSearchParams({ ...required, ...query })}`;
    if ((await caller.get(url({}))).status === 200) return { caller, url };
  }
  return null;
}

const page = (res: { status: number; body: { count?: number; results?: unknown } }) => ({
  status: res.status,
  count: res.body?.count,
  results: res.body?.results,
});
const isBoolean = (p: Param) => !!p.schema?.enum?.includes("true") && p.schema.enum.includes("false");

describe("query parameters of every list route", () => {
  it("finds the list routes and calls each of them", async () => {
    expect(lists.length).toBeGreaterThan(20);
    const uncallable: string[] = [];
    for (const op of lists) if (!(await callable(op))) uncallable.push(op.path);
    // A plan's assignees need a plan, and the demo company has none yet.
    expect(uncallable.filter((p) => p !== "/api/b2b/v1/plans/{id}/assignees")).toEqual([]);
  });

  it("answers an empty parameter exactly as if it were absent", async () => {
    const differences: string[] = [];
    for (const op of lists) {
      const route = await callable(op);
      if (!route) continue;
      const base = page(await route.caller.get(route.url({})));
      for (const p of op.query.filter((q) => !q.required)) {
        const empty = page(await route.caller.get(route.url({ [p.name]: "" })));
        if (JSON.stringify(empty) !== JSON.stringify(base)) differences.push(`${op.path} ${p.name}= → ${empty.status}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("reads booleans as true/false/True/False/1/0, and null as no filter", async () => {
    const booleans = lists.flatMap((op) => op.query.filter(isBoolean).map((p) => ({ op, p })));
    expect(booleans.map(({ op, p }) => `${op.path} ${p.name}`)).toEqual(
      expect.arrayContaining([
        "/api/contentuser/search is_wishlist",
        "/api/contentuser/search completed",
        "/api/user/folder_relation without_section",
        "/api/b2b/v1/budgets current",
      ]),
    );
    const differences: string[] = [];
    for (const { op, p } of booleans) {
      const route = await callable(op);
      if (!route) continue;
      const get = async (value?: string) => page(await route.caller.get(route.url(value === undefined ? {} : { [p.name]: value })));
      const [absent, yes, no] = [await get(), await get("true"), await get("false")];
      expect(yes.status, `${op.path} ${p.name}=true`).toBe(200);
      expect(no.status, `${op.path} ${p.name}=false`).toBe(200);
      for (const [value, expected] of [
        ["True", yes],
        ["1", yes],
        ["False", no],
        ["0", no],
        ["null", absent],
      ] as const) {
        const got = await get(value);
        if (JSON.stringify(got) !== JSON.stringify(expected)) differences.push(`${op.path} ${p.name}=${value} → ${got.status}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
