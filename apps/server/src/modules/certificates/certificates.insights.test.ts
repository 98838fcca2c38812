import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import type { Client } from "../../../test/helpers.ts";

// Insights count the certificates issued in the period, per scope, and export them as CSV.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const issuedCount = async (c: Client, query = "time=30d") => {
  const res = await c.get(`/api/b2b/v1/insights/?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.kpis.certificates as { value: number; previous: number | null };
};
const csvRows = async (c: Client, query = "time=30d") => {
  const res = await c.get(`/api/b2b/v1/insights/export.csv?table=certificates&${query}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers["content-type"]).toContain("text/csv");
  return Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true });
};

describe("certificates in insights", () => {
  it("counts the certificates issued in the period for the company, the team and the person", async () => {
    const w = await certificateWorld(t);
    expect(await issuedCount(w.hr.client)).toEqual({ value: 0, previous: 0 });
    await w.finish();
    expect(await issuedCount(w.hr.client)).toEqual({ value: 2, previous: 0 });
    expect((await issuedCount(w.hr.client, "time=all")).value).toBe(2);
    expect((await issuedCount(w.hr.client, "time=24h")).value).toBe(2);
    expect((await issuedCount(w.teamleader.client)).value).toBe(2);
    expect((await issuedCount(w.member.client)).value).toBe(2);
    expect((await issuedCount(w.ldleader.client, "scope=me")).value).toBe(0);
    const other = await createCompanyWithRoles(t);
    expect((await issuedCount(other.hr.client)).value).toBe(0);
  });

  it("exports them as CSV with what each states and its status now", async () => {
    const w = await certificateWorld(t, { memberName: "=Grace Hopper" });
    const empty = await csvRows(w.hr.client);
    expect(empty.meta.fields).toEqual([
      "code",
      "issued_at",
      "name",
      "team",
      "kind",
      "title",
      "skills",
      "completed_at",
      "status",
      "expires_at",
      "revoked_at",
      "revoke_reason",
    ]);
    expect(empty.data).toEqual([]);
    await w.finish();
    const plan = (await w.mine()).find((c) => c.kind === "plan")!;
    expect((await w.hr.client.post(`/api/b2b/v1/certificates/${plan.id}/revoke/`, { reason: "Issued by mistake" })).status).toBe(200);
    const { data } = await csvRows(w.hr.client);
    expect(
      data
        .map((r) => ({ kind: r.kind, title: r.title, name: r.name, team: r.team, status: r.status, reason: r.revoke_reason }))
        .sort((a, b) => a.kind!.localeCompare(b.kind!)),
    ).toEqual([
      // A name that reads as a formula is written so that a spreadsheet shows it as text.
      { kind: "path", title: "SQL basics", name: "'=Grace Hopper", team: w.team.name, status: "valid", reason: "" },
      { kind: "plan", title: "Data literacy", name: "'=Grace Hopper", team: w.team.name, status: "revoked", reason: "Issued by mistake" },
    ]);
    expect(data.find((r) => r.kind === "path")!.skills).toBe("sql; databases");
    // Another company's hr exports their own, empty list.
    const other = await createCompanyWithRoles(t);
    expect((await csvRows(other.hr.client)).data).toEqual([]);
  });
});
