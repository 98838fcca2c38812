// Every CSV export, every text column, against spreadsheet formula injection (OWASP
// "CSV injection"), including values with line breaks, which papaparse's escapeFormulae let through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { createTestContext, DEMO, type Client, type TestContext } from "./helpers.ts";

let t: TestContext;
let ld: Client;
let companyId: number;
let memberUid: string;

const PAYLOADS = [
  '=HYPERLINK("http://evil")',
  "+cmd",
  "-1+1",
  "@SUM(1)",
  "\tcmd",
  "\rcmd",
  'ok\n=HYPERLINK("http://evil")',
  "ok\r\n@SUM(1)",
  '=HYPERLINK("http://evil")\nok',
];

/** Each export and the text columns a person can fill. */
const EXPORTS: { url: string; columns: string[] }[] = [
  { url: "/api/b2b/v1/purchase-requests/export.csv?status=all", columns: ["title", "link", "team", "requested_by", "decided_by", "payment_reference"] },
  ...[
    ["series", []],
    ["top_skills", ["skill"]],
    ["top_content", ["title", "url"]],
    ["content_types", []],
    ["plans", ["title"]],
    ["overdue", ["name", "email", "team", "plan"]],
    ["budget", ["team"]],
    ["pending", []],
    ["certificates", ["name", "team", "title", "skills", "revoke_reason"]],
  ].map(([table, columns]) => ({ url: `/api/b2b/v1/insights/export.csv?table=${table}&time=all&bucket=month`, columns: columns as string[] })),
];

// A spreadsheet reads a cell (or, for a tool that splits lines, a line) starting with these as a formula.
const FORMULA = /(^|[\r\n])[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;
const unescape = (cell: string) => cell.replace(/(^|[\r\n])'/g, "$1");

beforeAll(async () => {
  t = await createTestContext();
  const [tl, member] = [await t.as(DEMO.teamleader), await t.as(DEMO.member)];
  ld = await t.as(DEMO.ldleader);
  const me = (await member.get("/api/me")).body.account;
  const team = (await tl.get("/api/me")).body.account.team.id;
  const row = ((await t.database.db.execute(sql`select company_id, uid from accounts where id = ${me.id}`)) as { rows: { company_id: number; uid: string }[] })
    .rows[0]!;
  companyId = Number(row.company_id);
  memberUid = row.uid;

  // A budget for the team, and a request asked, approved and paid: every purchase column filled.
  const budget = (await ld.post("/api/b2b/v1/budgets/", { period: "year", period_start: `${new Date().getUTCFullYear()}-01-01`, amount_minor: 1_000_000 }))
    .body;
  expect((await ld.post(`/api/b2b/v1/budgets/${budget.id}/allocations/`, { team_id: team, amount_minor: 500_000 })).status).toBeLessThan(300);
  const asked = (await member.post("/api/b2b/v1/purchase-requests/", { title: "Course", link: "https://example.com/c", price_minor: 1_000, reason: "Plan" }))
    .body;
  expect((await tl.post(`/api/b2b/v1/purchase-requests/${asked.id}/approve/`, {})).status).toBe(200);
  expect((await ld.post(`/api/b2b/v1/purchase-requests/${asked.id}/pay/`, { reference: "INV-1" })).status).toBe(200);

  // A published path and a plan on it past its deadline: the member is overdue.
  const path = (await member.post("/api/b2b/v1/collections/", { title: "Path", skills: ["csv"] })).body;
  const publish = (await member.post("/api/b2b/v1/publish-requests/", { collection_id: path.id })).body;
  await ld.post(`/api/b2b/v1/publish-requests/${publish.id}/accept/`, {});
  expect(
    (await ld.post("/api/b2b/v1/plans/", { title: "Plan", deadline: "2024-01-31", skills: { csv: { collections: [path.id] } }, selectedAccount: [me.id] }))
      .status,
  ).toBe(201);
  // A certificate of the member's (what it states is frozen: fillWith writes its own columns).
  await t.database.db.execute(sql`
    insert into certificates (code, company_id, account_id, kind, source_key, title, recipient_name, issuer_name, locale, completed_at)
    values ('CSVTEST23456', ${companyId}, ${me.id}, 'path', ${`path:${path.id}`}, 'Path', 'Member', 'Company', 'en', now())`);
});
afterAll(() => t.close());

/** Every text a person can type lands in the database as the payload (suffixed where names are unique). */
async function fillWith(p: string) {
  const db = t.database.db;
  await db.execute(sql`update teams set name = ${p} || ' #' || id where company_id = ${companyId}`);
  await db.execute(sql`update auth_users set name = ${p} || ' #' || id where id in (select uid from accounts where company_id = ${companyId})`);
  await db.execute(sql`update auth_users set email = ${p} || ' #' || id where id = ${memberUid}`);
  await db.execute(
    sql`update purchase_requests set title = ${p} || ' #' || id, link = ${p} || ' #' || id, payment_reference = ${p} || ' #' || id where company_id = ${companyId}`,
  );
  await db.execute(
    sql`update certificates set title = ${p} || ' #' || id, recipient_name = ${p} || ' #' || id, skills = array[${p}], revoke_reason = ${p} where company_id = ${companyId}`,
  );
  await db.execute(sql`update upskilling_plans set title = ${p} || ' #' || id where company_id = ${companyId}`);
  await db.execute(sql`update content_items set title = ${p} || ' #' || id, url = ${p} || ' #' || id where company_id = ${companyId}`);
  // A skill of the company's own activity, copied under the payload's name.
  await db.execute(sql`
    insert into insight_skills (company_id, team_key, grain, period, skill, activity, completions, duration_s)
    select company_id, team_key, grain, period, ${p}, activity, completions, duration_s from insight_skills
    where company_id = ${companyId} and skill = (select min(skill) from insight_skills where company_id = ${companyId} and skill not like '%#%' and skill ~ '^[a-z]')`);
}

describe("CSV exports and spreadsheet formulas", () => {
  it("no cell of any export, nor any line of a cell, starts a formula; the text is all there", async () => {
    const problems: string[] = [];
    for (const payload of PAYLOADS) {
      await fillWith(payload);
      for (const e of EXPORTS) {
        const res = await ld.get(e.url);
        expect(res.status, e.url).toBe(200);
        const where = `${JSON.stringify(payload)} ${e.url.replace(/\?.*table=(\w+).*/, " $1")}`;
        for (const line of res.text.split(/\r\n|\n|\r/))
          if (/^[=+\-@\t]/.test(line)) problems.push(`${where}: a line of the file starts ${JSON.stringify(line.slice(0, 30))}`);
        const { data, meta } = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true });
        for (const row of data) {
          for (const [column, cell] of Object.entries(row)) {
            if (typeof cell === "string" && !NUMBER.test(cell) && FORMULA.test(cell)) problems.push(`${where} ${column}: ${JSON.stringify(cell.slice(0, 40))}`);
          }
        }
        for (const column of e.columns) {
          expect(meta.fields, where).toContain(column);
          if (!data.some((row) => unescape(row[column] ?? "").startsWith(payload))) problems.push(`${where} ${column}: the value is missing`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps numbers numbers, negative ones too", async () => {
    await fillWith("Team");
    const budget = Papa.parse<Record<string, string>>((await ld.get("/api/b2b/v1/insights/export.csv?table=budget")).text, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(budget.length).toBeGreaterThan(0);
    for (const row of budget) for (const c of ["allocated", "reserved", "paid", "remaining", "used_percent"]) expect(row[c], c).toMatch(NUMBER);
  });

  it("writes the header row even when nothing matches", async () => {
    const res = await ld.get("/api/b2b/v1/purchase-requests/export.csv?status=rejected");
    expect(res.text.trim()).toBe("id,created_at,title,link,team,requested_by,price,currency,status,decided_by,decided_at,paid_at,payment_reference");
  });
});
