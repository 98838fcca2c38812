import type { Actor, Rule } from "../../lib/actor.ts";

/**
 * Notifications belong to the person told: each person lists and marks only their
 * own; anyone else's id reads as one that does not exist.
 */
export const notificationsPolicy = {
  /** The notifications a list shows and "mark all read" touches. */
  scope: (a: Actor) => ({ accountId: a.accountId }),
  read: ((a, n) => n.accountId === a.accountId) as Rule<{ accountId: number }>,
};
