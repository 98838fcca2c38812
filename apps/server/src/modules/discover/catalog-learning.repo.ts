import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, catalogRelations, companies, contentItems } from "../../db/schema/index.ts";
import { aliased } from "../../db/sql.ts";
import type { Executor } from "../../lib/events.ts";
import { listedInCatalog } from "../library/catalog.scope.ts";
import { doneItems } from "../network/done.scope.ts";

/** A catalog item as learning reads it: all its text in one string, and its skills. */
export interface LearnItem {
  id: number;
  text: string;
  skills: string[];
}
export type Relation = { kind: "word" | "skill" | "finished"; term: string; skill: string; weight: number };

const [CI, ci] = aliased(contentItems, "ci");
const [A, a] = aliased(accounts, "a");
const VISIBLE = listedInCatalog({ id: ci.id, privateOrigin: ci.privateOrigin, hiddenAt: ci.hiddenAt });
const rowsOf = async <T>(q: Promise<unknown>) => ((await q) as { rows: T[] }).rows;
const INSERT_BATCH = 1000;

export function createCatalogLearningRepo(db: Db) {
  return {
    /** The company's catalog as discover shows it: title, description, author and provider, and skills. */
    async items(companyId: number): Promise<LearnItem[]> {
      return rowsOf<LearnItem>(
        db.execute(sql`select ${ci.id}, concat_ws(' ', ${ci.title}, ${ci.description}, ${ci.author}, ${ci.provider}) as text, coalesce(${ci.skills}, '{}') as skills
          from ${CI} where ${ci.companyId} = ${companyId} and ${VISIBLE}`),
      );
    },

    /** Pairs of the company's items (both orders) that at least two of its people finished both of. */
    async finishedTogether(companyId: number) {
      return rowsOf<{ a: number; b: number; people: number }>(
        db.execute(sql`with d as (select distinct x.account_id, x.content_id from ${doneItems} x join ${A} on ${a.id} = x.account_id where ${a.companyId} = ${companyId})
          select d1.content_id as a, d2.content_id as b, count(*)::int as people from d d1 join d d2 on d2.account_id = d1.account_id and d2.content_id <> d1.content_id
          group by 1, 2 having count(*) >= 2`),
      );
    },

    async replace(companyId: number, relations: Relation[]) {
      await db.transaction(async (tx) => {
        await tx.delete(catalogRelations).where(eq(catalogRelations.companyId, companyId));
        for (let i = 0; i < relations.length; i += INSERT_BATCH)
          await tx.insert(catalogRelations).values(relations.slice(i, i + INSERT_BATCH).map((r) => ({ ...r, companyId })));
      });
    },

    async companies() {
      return (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
    },

    async companyOf(on: Executor, accountId: number): Promise<number | null> {
      const [row] = await on.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.id, accountId));
      return row?.companyId ?? null;
    },

    async learnQueued(on: Executor, key: string): Promise<boolean> {
      const found = await on.execute(sql`select 1 from pgboss.job where name = 'catalog.learn' and singleton_key = ${key} and state = 'created' limit 1`);
      return (found as unknown as { rows: unknown[] }).rows.length > 0;
    },
  };
}
export type CatalogLearningRepo = ReturnType<typeof createCatalogLearningRepo>;
