import { sql } from "drizzle-orm";
import type { Executor } from "../../lib/events.ts";
import { accounts, collectionItems, collections, pathCompletions, pathCycles } from "../../db/schema/index.ts";
import { aliased, names } from "../../db/sql.ts";
import { doneBy } from "./done.scope.ts";

const [A, a] = aliased(accounts, "a");
const [COL, col] = aliased(collections, "col");
const [CI, ci] = aliased(collectionItems, "ci");
const [CJ, cj] = aliased(collectionItems, "cj");
const [CY, cy] = aliased(pathCycles, "cy");
const pc = pathCompletions;
const rowsOf = (result: unknown) => (result as { rows: { collection_id: number }[] }).rows;

/** Completions of learning paths: the record that a person has done every item of one, once per cycle. */
export function createCompletionsRepo() {
  return {
    /**
     * Records the learning paths of the person's company that hold this content and that they have
     * now done in full (a path with nothing in it is never done), each once in the person's current
     * cycle of it (the first, or the last they started again); answers their ids.
     */
    async recordPathsDone(tx: Executor, accountId: number, contentId: number): Promise<number[]> {
      const result = await tx.execute(sql`
        insert into ${pc} (${names(pc.accountId, pc.collectionId, pc.cycle)})
        select ${a.id}, ${col.id}, coalesce((select max(${cy.cycle}) from ${CY} where ${cy.accountId} = ${a.id} and ${cy.collectionId} = ${col.id}), 1)
        from ${A}
        join ${COL} on ${col.companyId} = ${a.companyId} and ${col.status} = 'published'
        where ${a.id} = ${accountId}::int
          and exists (select 1 from ${CI} where ${ci.collectionId} = ${col.id} and ${ci.contentId} = ${contentId}::int)
          and not exists (select 1 from ${CJ} where ${cj.collectionId} = ${col.id} and not ${doneBy(sql`${a.id}`, sql`${cj.contentId}`)})
        order by ${col.id}
        on conflict do nothing
        returning ${names(pc.collectionId)}`);
      return rowsOf(result).map((r) => Number(r.collection_id));
    },

    /**
     * Opens the person's next cycle of a path they completed: the one after their last completion
     * (starting again before completing the open one opens nothing more).
     */
    async openCycle(tx: Executor, accountId: number, collectionId: number): Promise<void> {
      await tx.execute(sql`
        insert into ${pathCycles} (${names(pathCycles.accountId, pathCycles.collectionId, pathCycles.cycle)})
        select ${accountId}::int, ${collectionId}::int, max(${pc.cycle}) + 1 from ${pc}
        where ${pc.accountId} = ${accountId}::int and ${pc.collectionId} = ${collectionId}::int
        having count(*) > 0
        on conflict do nothing`);
    },
  };
}
export type CompletionsRepo = ReturnType<typeof createCompletionsRepo>;
