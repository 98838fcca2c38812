import { getTableName, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A column always written with its table ("companies"."id"), named through the schema. Inside the
 * selection of a one-table select Drizzle writes columns bare ("id"), which a correlated subquery
 * would read as its own table's column.
 */
export const qualified = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
