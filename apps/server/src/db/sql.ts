import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgTable } from "drizzle-orm/pg-core";

/**
 * A table under an alias for raw SQL, named through the schema so that a rename fails to compile:
 * `const [VU, vu] = aliased(userContents, "vu")`, then sql`select 1 from ${VU} where ${vu.contentId} = …`.
 * (Drizzle renders an alias object alone as its name only, without the table it stands for.)
 */
export function aliased<T extends AnyPgTable, A extends string>(table: T, name: A) {
  return [sql`${table} ${sql.identifier(name)}` as SQL, alias(table, name)] as const;
}
