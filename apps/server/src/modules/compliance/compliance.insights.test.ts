import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createTeam } from "../../../test/factories.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import { inDays } from "../../../test/dates.ts";

// What hr and the L&D leader see of the company's compliance: per team, how many required paths
// are on time, due, overdue and expired, and the same people, path by path, in the auditors' CSV.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterEach(() => t.app.clock.setOffsetDays(0));
afterAll(() => t.close());

/**
 * A company with two teams: "Data" (the team leader, the member who completes the path, and Zoe
 * who does not) and "Ops" (Olga, who does not), all required to complete "SQL basics" within 3 days.
 */
async function world() {
  const w = await certificateWorld(t, { memberName: "Ada Lovelace" });
  const ops = await createTeam(t, { company: w.company.id, name: "Ops" });
  const zoe = await addPerson(t, { company: w.company.id, role: "member", teamId: w.team.id, name: "Zoe Data" });
  const olga = await addPerson(t, { company: w.company.id, role: "member", teamId: ops.id, name: "Olga Ops" });
  const res = await w.ldleader.client.post("/api/b2b/v1/compliance-requirements/", {
    collection_id: w.pathId,
    team_ids: [w.team.id, ops.id],
    roles: [],
    due_days: 3,
    every_months: null,
  });
  expect(res.status, res.text).toBe(201);
  await w.finish();
  return { ...w, ops, zoe, olga };
}

describe("compliance insights", () => {
  it("refuses a learner and a team leader, and answers nothing of another company", async () => {
    const w = await world();
    for (const who of [w.member, w.teamleader]) {
      expect((await who.client.get("/api/b2b/v1/insights/compliance")).status).toBe(403);
      expect((await who.client.get("/api/b2b/v1/insights/compliance.csv")).status).toBe(403);
    }
    const other = await certificateWorld(t);
    expect((await other.hr.client.get("/api/b2b/v1/insights/compliance")).body.results).toEqual([]);
  });

  it("counts each team's people by standing, for hr and the L&D leader alike, on the app's clock", async () => {
    const w = await world();
    const teams = async (who = w.hr) => {
      const res = await who.client.get("/api/b2b/v1/insights/compliance/");
      expect(res.status, res.text).toBe(200);
      return res.body.results;
    };
    const dataTeam = { team_id: w.team.id, team_name: w.team.name };
    expect(await teams()).toEqual(
      expect.arrayContaining([
        { ...dataTeam, on_time: 1, due: 2, overdue: 0, expired: 0 },
        { team_id: w.ops.id, team_name: "Ops", on_time: 0, due: 1, overdue: 0, expired: 0 },
      ]),
    );
    t.app.clock.setOffsetDays(4);
    expect(await teams(w.ldleader)).toEqual(
      expect.arrayContaining([
        { ...dataTeam, on_time: 1, due: 0, overdue: 2, expired: 0 },
        { team_id: w.ops.id, team_name: "Ops", on_time: 0, due: 0, overdue: 1, expired: 0 },
      ]),
    );
    expect(await teams()).toHaveLength(2);
  });

  it("exports a row per person and path for auditors: name, team, path, due day, completion, certificate and standing", async () => {
    const w = await world();
    const res = await w.hr.client.get("/api/b2b/v1/insights/compliance.csv");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="compliance-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = Papa.parse<Record<string, string>>(res.text.trim(), { header: true }).data;
    const code = (await w.mine()).find((c) => c.kind === "path")!.code;
    expect(rows.map((r) => [r.person, r.team, r.path, r.due_on, r.certificate_code, r.status])).toEqual([
      ["Ada Lovelace", w.team.name, "SQL basics", inDays(3), code, "on_time"],
      ["Olga Ops", "Ops", "SQL basics", inDays(3), "", "due"],
      [expect.any(String), w.team.name, "SQL basics", inDays(3), "", "due"],
      ["Zoe Data", w.team.name, "SQL basics", inDays(3), "", "due"],
    ]);
    expect(rows[0]!.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows[1]!.completed_at).toBe("");
    expect(Object.keys(rows[0]!)).toEqual(["person", "email", "team", "path", "due_on", "completed_at", "expires_on", "certificate_code", "status"]);
  });
});
