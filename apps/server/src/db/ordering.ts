import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../lib/events.ts";

/** A row of an ordered list: its id and its 1-based position (a folder item's priority). */
export interface Placed {
  id: number;
  position: number;
}

/**
 * The one ordering of lists (collection sections and items, folder items): a list reads 1..n by
 * (position, id). `rest` is the list in that order without `item`; the item goes to `at`, clamped to
 * 1..n (none: last), and the later ones move down. Without an item the list is only renumbered, which
 * closes a removed item's gap and repairs duplicated, zero or negative positions (spec §4 Folder items).
 * Answers the new order and the positions that change.
 */
export function arrange(rest: readonly Placed[], item: Placed | null, at?: number) {
  const ordered: Placed[] = [...rest];
  if (item) ordered.splice(Math.min(Math.max(at ?? ordered.length + 1, 1), ordered.length + 1) - 1, 0, item);
  const changes = ordered.flatMap((x, i) => (x.position === i + 1 ? [] : [{ id: x.id, position: i + 1 }]));
  return { ordered, changes };
}

/** Saves the positions `arrange` changed, in one statement (`position` is the table's position column). */
export async function saveOrder(q: Executor, table: PgTable, id: PgColumn, position: PgColumn, changes: readonly Placed[]) {
  if (!changes.length) return;
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::int, ${c.position}::int)`),
    sql`, `,
  );
  await q.execute(sql`update ${table} set ${sql.identifier(position.name)} = v.position from (values ${values}) v(id, position) where ${id} = v.id`);
}
