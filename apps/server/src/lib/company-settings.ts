import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { recordAudit } from "./audit.ts";
import type { Executor } from "./events.ts";

/** A table holding one settings row per company (its key), stamped with who changed it last and when. */
export type CompanySettingsTable = PgTable & { companyId: PgColumn; updatedBy: PgColumn; updatedAt: PgColumn };

/** What a save sets: the row's own settings; the company, the actor and the time are stamped here. */
export type CompanySettingValues<T extends CompanySettingsTable> = Omit<T["$inferInsert"], "companyId" | "updatedBy" | "updatedAt">;

export interface CompanySettingSave<T extends CompanySettingsTable> {
  actorId: number | null;
  companyId: number;
  values: CompanySettingValues<T>;
  /** The audit line's action, e.g. `sso_oidc_updated`. */
  action: string;
  /** The audit trail's view of the change (never a secret, only that it changed); `before` is undefined on a first save. */
  trace: (before: T["$inferSelect"] | undefined, row: T["$inferSelect"]) => { before: unknown; after: unknown };
  /** What else the change brings, in the same transaction (the rows it makes stale, the mail it sends). */
  within?: (tx: Executor, before: T["$inferSelect"] | undefined, row: T["$inferSelect"]) => Promise<void>;
}

/**
 * Saves a company's settings row and its audit line in one transaction: the row is locked while it is
 * read for the trail's "before", so two saves at once each record what they replaced.
 */
export async function upsertCompanySetting<T extends CompanySettingsTable>(db: Db, table: T, save: CompanySettingSave<T>): Promise<T["$inferSelect"]> {
  const { actorId, companyId } = save;
  return db.transaction(async (tx) => {
    // Drizzle's builders cannot resolve a generic table's row types, so the rows are named here once.
    const [before] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.companyId, companyId))
      .for("update")) as T["$inferSelect"][];
    const set = { ...save.values, updatedBy: actorId, updatedAt: new Date() };
    const [row] = (await tx
      .insert(table)
      .values({ companyId, ...set } as T["$inferInsert"])
      .onConflictDoUpdate({ target: table.companyId, set: set as Partial<T["$inferInsert"]> })
      .returning()) as T["$inferSelect"][];
    const { before: traceBefore, after } = save.trace(before, row!);
    await recordAudit(tx, { actorId, companyId, entity: "company", entityId: companyId, action: save.action, before: traceBefore, after });
    await save.within?.(tx, before, row!);
    return row!;
  });
}
