import { createHash } from "node:crypto";
import type { XapiAgent } from "./xapi.schema.ts";

/** How an agent names one of the company's people: by address, by its SHA-1, or by user name. */
export type PersonKey = { email?: string; sha1?: string; username?: string };

/**
 * The one reading of an agent as a person of ours (statements applied, the Agents resource): its
 * mailto address, its address's SHA-1 (xAPI's mbox_sha1sum), or an account on this app (`home`, the
 * public URL). A Group, an OpenID or another site's account names nobody here.
 */
export function personKey(a: Omit<XapiAgent, "objectType"> & { objectType?: string }, home: string): PersonKey | null {
  if (a.objectType === "Group") return null;
  if (a.mbox) return { email: a.mbox.slice("mailto:".length).toLowerCase() };
  if (a.mbox_sha1sum) return { sha1: a.mbox_sha1sum.toLowerCase() };
  if (a.account && a.account.homePage.replace(/\/$/, "") === home.replace(/\/$/, "")) return { username: a.account.name };
  return null;
}

/**
 * The addresses (lower-cased) among `addresses`, the company's own (the only ones a hash could name
 * here), whose mailto IRI hashes to one of `sha1s`, by hash.
 */
export function addressesBySha1(addresses: readonly string[], sha1s: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const address of addresses) {
    const email = address.toLowerCase();
    const sha1 = createHash("sha1").update(`mailto:${email}`).digest("hex");
    if (sha1s.has(sha1)) found.set(sha1, email);
  }
  return found;
}
