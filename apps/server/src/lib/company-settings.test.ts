// A company's settings row (OIDC, SAML, group mappings, chat hooks) is saved with its
// audit line by one rule: one row per company, each save's before and after traced, both or neither.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { companySsoGroups } from "../db/schema/index.ts";
import { companyAudit, createCompany } from "../../test/factories.ts";
import { upsertCompanySetting } from "./company-settings.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(async () => {
  await database?.close();
});

const rows = (companyId: number) => database.db.select().from(companySsoGroups).where(eq(companySsoGroups.companyId, companyId));
const save = (companyId: number, groupsClaim: string, trace?: Parameters<typeof upsertCompanySetting<typeof companySsoGroups>>[2]["trace"]) =>
  upsertCompanySetting(database.db, companySsoGroups, {
    actorId: null,
    companyId,
    values: { groupsClaim, rules: [] },
    action: "settings_saved",
    trace: trace ?? ((before, row) => ({ before: before ? { claim: before.groupsClaim } : null, after: { claim: row.groupsClaim } })),
  });

describe("upsertCompanySetting", () => {
  it("keeps one row per company and answers it as written", async () => {
    const companyId = (await createCompany({ database })).id;
    const first = await save(companyId, "groups");
    const second = await save(companyId, "roles");
    expect(first.groupsClaim).toBe("groups");
    expect(second.groupsClaim).toBe("roles");
    expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    expect((await rows(companyId)).map((r) => r.groupsClaim)).toEqual(["roles"]);
  });

  it("writes one audit line per save with the row before and after it", async () => {
    const companyId = (await createCompany({ database })).id;
    await save(companyId, "groups");
    await save(companyId, "roles");
    expect(await companyAudit({ database }, companyId)).toEqual([
      { action: "settings_saved", entity: "company", entityId: companyId, before: null, after: { claim: "groups" } },
      { action: "settings_saved", entity: "company", entityId: companyId, before: { claim: "groups" }, after: { claim: "roles" } },
    ]);
  });

  it("writes neither the row nor the audit line when the audit line fails", async () => {
    const companyId = (await createCompany({ database })).id;
    await save(companyId, "groups");
    // A BigInt cannot be stored as JSON: the audit insert throws after the row was written.
    await expect(save(companyId, "roles", () => ({ before: null, after: { n: 1n } }))).rejects.toThrow();
    expect((await rows(companyId)).map((r) => r.groupsClaim)).toEqual(["groups"]);
    expect(await companyAudit({ database }, companyId)).toHaveLength(1);
  });

  it("writes nothing for a company's first save that throws inside", async () => {
    const companyId = (await createCompany({ database })).id;
    const broken = () => {
      throw new Error("trace failed");
    };
    await expect(save(companyId, "groups", broken)).rejects.toThrow("trace failed");
    expect(await rows(companyId)).toEqual([]);
    expect(await companyAudit({ database }, companyId)).toEqual([]);
  });
});
