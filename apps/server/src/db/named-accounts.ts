import { eq } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { accounts, authUsers } from "./schema/index.ts";

/**
 * Accounts with their person's name and email (the account holds the role and company; the
 * sign-in user holds the name), under an alias, to join where a row shows who asked, decided,
 * invited or is concerned (and the language they read, for what is written on their behalf): `.innerJoin(asker, eq(asker.id, requests.requestedBy))`, then
 * `asker.name`. A left join gives null for both when the row has no such person yet.
 */
export function namedAccounts<A extends string>(as: A) {
  return new QueryBuilder()
    .select({ id: accounts.id, name: authUsers.name, email: authUsers.email, locale: accounts.locale })
    .from(accounts)
    .innerJoin(authUsers, eq(authUsers.id, accounts.uid))
    .as(as);
}

/** Who filed a request, and who decided it: every kind of request shows both. */
export const asker = namedAccounts("asker");
export const decider = namedAccounts("decider");
