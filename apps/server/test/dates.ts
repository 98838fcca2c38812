const DAY_MS = 86_400_000;

/** The day `n` days from now (negative: ago), as dates are written in the API (`2026-12-05`). */
export const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
