import { getTableName, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgTable, type PgColumn } from "drizzle-orm/pg-core";

/** Raw SQL that names tables and columns through the Drizzle schema, so that a rename fails to compile. */

/**
 * A table under an alias for raw SQL, named through the schema so that a rename fails to compile:
 * `const [VU, vu] = aliased(userContents, "vu")`, then sql`select 1 from ${VU} where ${vu.contentId} = …`.
 * (Drizzle renders an alias object alone as its name only, without the table it stands for.)
 */
export function aliased<T extends AnyPgTable, A extends string>(table: T, name: A) {
  return [sql`${table} ${sql.identifier(name)}` as SQL, alias(table, name)] as const;
}

/**
 * A column always written with its table ("companies"."id"). Inside the selection of a one-table
 * select Drizzle writes columns bare ("id"), which a correlated subquery would read as its own
 * table's column.
 */
export const qualified = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Columns by their bare names, for an insert's column list, a `returning` or an `on conflict` target: sql`insert into ${table} (${names(table.id, …)})`. */
export const names = (...columns: PgColumn[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/** A list of strings as one `text[]` value in raw SQL (an empty list as `'{}'`). */
export const textArray = (values: readonly string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
