import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type Client, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";
import { eq } from "drizzle-orm";
import { inviteRequests } from "../../db/schema/index.ts";

// A decision answers the row its write finished with, instead of reading the request
// in the route, again in the service and once more after the write.
const statements: string[] = [];
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ logger: { logQuery: (query) => statements.push(query) } });
});
afterAll(() => t.close());

/** Statements that read one request of this kind by its id. */
const reads = (table: string, from: number) =>
  statements.slice(from).filter((q) => /^\s*select/i.test(q) && new RegExp(`"${table}"\\."id" = \\$`).test(q)).length;

async function world() {
  const w = await createCompanyWithRoles(t, { name: "Initech", teamName: "Engineering" });
  return { ...w, hr: w.hr.client as Client, tl: w.teamleader.client as Client };
}
let n = 0;

async function decide(c: Client, kind: "invite" | "removal", id: number, verb: "accept" | "reject", body: object = {}) {
  const from = statements.length;
  const res = await c.post(`/api/b2b/v1/${kind}-requests/${id}/${verb}/`, body);
  return { res, reads: reads(`${kind}_requests`, from) };
}

describe("deciding a request reads it once", () => {
  it("accepting an invite request answers it accepted, reading it once", async () => {
    const w = await world();
    const asked = await w.tl.post("/api/b2b/v1/invite-requests/", { email: `writes${++n}@outside.test`, team_id: w.team.id });
    expect(asked.status).toBe(201);
    const { res, reads } = await decide(w.hr, "invite", asked.body.id, "accept");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: asked.body.id, status: "accepted" });
    expect(reads).toBe(1);
    expect((await w.hr.get(`/api/b2b/v1/invite-requests/${asked.body.id}/`)).body).toEqual(res.body);
  });

  it("rejecting an invite request answers it rejected, reading it once; the other decision is still a conflict", async () => {
    const w = await world();
    const asked = await w.tl.post("/api/b2b/v1/invite-requests/", { email: `writes${++n}@outside.test`, team_id: w.team.id });
    const { res, reads } = await decide(w.hr, "invite", asked.body.id, "reject", { reason: "Not now" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: asked.body.id, status: "rejected" });
    expect(reads).toBe(1);
    const again = await decide(w.hr, "invite", asked.body.id, "reject");
    expect(again.res.body.status).toBe("rejected");
    const other = await decide(w.hr, "invite", asked.body.id, "accept");
    expect(other.res.status).toBe(409);
    expect(other.res.body.error).toMatchObject({ code: "request_already_decided", details: { status: "rejected" } });
  });

  it("accepting an invite for an address registered meanwhile is refused and leaves it pending", async () => {
    const w = await world();
    const asked = await w.tl.post("/api/b2b/v1/invite-requests/", { email: `writes${++n}@outside.test`, team_id: w.team.id });
    // The invitee registered (here: another person's address) after the team leader asked.
    await t.database.db.update(inviteRequests).set({ email: w.member.email }).where(eq(inviteRequests.id, asked.body.id));
    const { res } = await decide(w.hr, "invite", asked.body.id, "accept");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("email_in_use");
    expect((await w.hr.get(`/api/b2b/v1/invite-requests/${asked.body.id}/`)).body).toMatchObject({ status: "pending", decided_by: null });
  });

  it("accepting a removal request answers it accepted with the person, reading it once", async () => {
    const w = await world();
    const asked = await w.tl.post("/api/b2b/v1/removal-requests/", { employee_id: w.member.id, reason: "Moved" });
    expect(asked.status).toBe(201);
    const { res, reads } = await decide(w.hr, "removal", asked.body.id, "accept");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: asked.body.id, status: "accepted", employee: { email: w.member.email } });
    expect(reads).toBe(1);
    expect((await w.hr.get(`/api/b2b/v1/removal-requests/${asked.body.id}/`)).body).toEqual(res.body);
  });

  it("another company's request is not found, and a missing one too", async () => {
    const w = await world();
    const other = await world();
    const asked = await w.tl.post("/api/b2b/v1/removal-requests/", { employee_id: w.member.id });
    expect((await decide(other.hr, "removal", asked.body.id, "accept")).res.status).toBe(404);
    expect((await decide(other.hr, "invite", 999_999, "reject")).res.status).toBe(404);
    expect((await w.hr.get(`/api/b2b/v1/removal-requests/${asked.body.id}/`)).body.status).toBe("pending");
  });
});

describe("changing a person reads them once", () => {
  const employeeReads = (from: number) =>
    statements.slice(from).filter((q) => /^\s*select/i.test(q) && /"accounts"\."id" = \$/.test(q) && !/"audit_log"/.test(q)).length;

  it("a new role, a new team and deactivation each answer the changed person, reading them once", async () => {
    const w = await world();
    const marketing = await w.hr.post("/api/b2b/v1/teams/", { name: "Marketing" });
    expect(marketing.status).toBe(201);
    let from = statements.length;
    const promoted = await w.hr.patch(`/api/b2b/v1/employees/${w.member.id}/`, { role: "teamleader" });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ id: w.member.id, role: "teamleader", email: w.member.email, team: { id: w.team.id, name: "Engineering" } });
    expect(employeeReads(from)).toBe(1);
    expect((await w.hr.get(`/api/b2b/v1/employees/${w.member.id}/`)).body).toEqual(promoted.body);

    from = statements.length;
    const moved = await w.hr.patch(`/api/b2b/v1/employees/${w.member.id}/`, { team_id: marketing.body.id, role: "member" });
    expect(moved.body).toMatchObject({ role: "member", team: { id: marketing.body.id, name: "Marketing" } });
    expect(employeeReads(from)).toBe(1);
    expect((await w.hr.get(`/api/b2b/v1/employees/${w.member.id}/`)).body).toEqual(moved.body);

    from = statements.length;
    const gone = await w.hr.patch(`/api/b2b/v1/employees/${w.member.id}/`, { status: "deactivated" });
    expect(gone.body).toMatchObject({ status: "deactivated", team: null });
    expect(employeeReads(from)).toBe(1);
    expect((await w.hr.get(`/api/b2b/v1/employees/${w.member.id}/`)).body).toEqual(gone.body);
  });
});

describe("changing a team reads it once", () => {
  const teamReads = (from: number) => statements.slice(from).filter((q) => /^\s*select/i.test(q) && /"teams"\."id" (=|in) \(?\$/.test(q)).length;

  it("renaming a team and naming its leader answers the changed team, reading it once", async () => {
    const w = await world();
    const from = statements.length;
    const res = await w.hr.patch(`/api/b2b/v1/teams/${w.team.id}/`, { name: "Platform", leader_id: w.member.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: w.team.id, name: "Platform", leader: { id: w.member.id } });
    expect(teamReads(from)).toBe(1);
    expect((await w.hr.get(`/api/b2b/v1/teams/${w.team.id}/`)).body).toEqual(res.body);
  });

  it("another company's team is not found and keeps its name; a taken name is a conflict", async () => {
    const w = await world();
    const other = await world();
    expect((await other.hr.patch(`/api/b2b/v1/teams/${w.team.id}/`, { name: "Mine" })).status).toBe(404);
    expect((await w.hr.get(`/api/b2b/v1/teams/${w.team.id}/`)).body.name).toBe("Engineering");
    const second = await w.hr.post("/api/b2b/v1/teams/", { name: "Sales" });
    expect((await w.hr.patch(`/api/b2b/v1/teams/${second.body.id}/`, { name: "engineering" })).body.error.code).toBe("team_name_taken");
  });
});
