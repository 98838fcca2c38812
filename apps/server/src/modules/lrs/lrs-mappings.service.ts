import type { XapiActivityMapping, XapiUnapplied } from "@learnward/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { lrsPolicy } from "./lrs.policy.ts";
import type { LrsRepo } from "./lrs.repo.ts";
import { APPLY_JOB } from "./xapi.apply.ts";

const SHOWN = 100;

/** Which catalog item an outside activity is (the L&D leader's mappings), and what waits for a person or an item. */
export function createLrsMappingsService({ db, repo, jobs }: { db: Db; repo: LrsRepo; jobs: Jobs }) {
  const revisit = (companyId: number, tx?: Tx) => jobs.send(APPLY_JOB, { companyId, revisit: true }, { tx, singletonKey: String(companyId) });
  return {
    async list(actor: Actor, companyId: number): Promise<XapiActivityMapping[]> {
      authorize(actor, (a, t: { companyId: number }) => lrsPolicy.mapActivities(a, t) || lrsPolicy.seeUnapplied(a, t), { companyId });
      return (await repo.mappings(companyId)).map((m) => ({
        id: m.id,
        activity_id: m.activityId,
        content_id: m.contentId,
        title: m.title,
        created_at: m.createdAt.toISOString(),
      }));
    },

    /** Sets (or changes) the item of an activity; its statements that waited for an item are applied by the job. */
    async save(actor: Actor, companyId: number, input: { activity: string; content_id: number }) {
      authorize(actor, lrsPolicy.mapActivities, { companyId });
      // An item named in the body is checked like one in a path: another company's is not found.
      const item = await repo.item(companyId, input.content_id);
      if (!item) throw notFound("Content");
      const row = await db.transaction(async (tx) => {
        const row = await repo.saveMapping(tx, { companyId, activityId: input.activity, contentId: item.id, createdBy: actor.accountId });
        await repo.requeueActivity(tx, companyId, input.activity);
        await repo.recordAudit(tx, {
          actorId: actor.accountId,
          companyId,
          entity: "xapi_activity_mapping",
          entityId: row.id,
          action: "save",
          after: { activity_id: input.activity, content_id: item.id },
        });
        await revisit(companyId, tx);
        return row;
      });
      return { id: row.id, activity_id: row.activityId, content_id: row.contentId, title: item.title, created_at: row.createdAt.toISOString() };
    },

    async remove(actor: Actor, companyId: number, id: number) {
      authorize(actor, lrsPolicy.mapActivities, { companyId });
      if (!(await repo.deleteMapping(companyId, id))) throw notFound("Mapping");
    },

    async unapplied(actor: Actor, companyId: number): Promise<XapiUnapplied> {
      authorize(actor, lrsPolicy.seeUnapplied, { companyId });
      const [agents, activities] = [await repo.unapplied(companyId, "unknown_agent", SHOWN), await repo.unapplied(companyId, "unknown_activity", SHOWN)];
      const when = (d: Date | string | null) => (d ? new Date(d).toISOString() : "");
      return {
        agents: agents.map((a) => ({
          agent: typeof a.key === "string" ? JSON.parse(a.key) : a.key,
          statements: Number(a.statements),
          last_stored: when(a.lastStored),
        })),
        activities: activities.map((a) => ({ activity_id: String(a.key), statements: Number(a.statements), last_stored: when(a.lastStored) })),
      };
    },

    /** Tries the waiting statements again now (a person joined, an item was added to the catalog). */
    async retry(actor: Actor, companyId: number) {
      authorize(actor, lrsPolicy.seeUnapplied, { companyId });
      await revisit(companyId);
    },
  };
}
export type LrsMappingsService = ReturnType<typeof createLrsMappingsService>;
