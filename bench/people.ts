// The benches' own people: an acme member who signs in with the demo password, and their sign-in.
import { randomUUID } from "node:crypto";
import type { Database } from "../apps/server/src/db/client.ts";
import { accounts, authCredentials, authUsers } from "../apps/server/src/db/schema/index.ts";

export const BENCH_PASSWORD = "learnward-demo";

/** A member of acme (company 1) named `username`, whose password hash is `hash`; answers their account id and email. */
export async function addMember(database: Database, hash: string, username: string, name: string) {
  const uid = `bench-${username}`;
  const email = `${username}@acme.test`;
  await database.db.insert(authUsers).values({ id: uid, name, email, emailVerified: true });
  await database.db.insert(authCredentials).values({ id: randomUUID(), accountId: uid, providerId: "credential", userId: uid, password: hash });
  const [account] = await database.db.insert(accounts).values({ uid, companyId: 1, role: "member", username }).returning({ id: accounts.id });
  return { accountId: account!.id, email };
}

/** Signs `email` in on the server at `address` and answers the bearer token. */
export async function signIn(address: string, email: string): Promise<string> {
  const res = await fetch(`${address}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: address },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const token = res.headers.get("set-auth-token");
  if (!token) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}
