/** A row of raw SQL, and its figures read as numbers (a missing figure counts 0). */
export type Row = Record<string, unknown>;
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
