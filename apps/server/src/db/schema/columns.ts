// Column groups the tables share, so each habit of the schema is written once. Not exported from
// index.ts: these make columns, they are not tables.
import { type AnyPgColumn, integer, timestamp } from "drizzle-orm/pg-core";

/** A point in time, always stored with its zone (ARCHITECTURE.md, Dates). */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** When the row was written, set by the database. */
export const createdAt = () => ({ createdAt: timestamptz("created_at").notNull().defaultNow() });

/** When the row was written and when it last changed. */
export const timestamps = () => ({ ...createdAt(), updatedAt: timestamptz("updated_at").notNull().defaultNow() });

/** A row that belongs to another: it is deleted with it. */
export const ownedBy = <TName extends string>(name: TName, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: "cascade" });

/** A row that only names another (who made or decided it): the name is cleared when that one goes. */
export const pointsTo = <TName extends string>(name: TName, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: "set null" });
