import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "@learnward/contracts";

/** What one unsubscribe link turns off: one kind's mail, or a whole digest (every kind it gathers). */
export type UnsubscribeScope = NotificationKind | "daily" | "weekly";
const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, "daily", "weekly"];

/**
 * Unsubscribe tokens (RFC 8058): `<account>~<scope>~<signature>`, signed with a key derived
 * from the app's auth secret, so a link needs no table and a changed account or scope fails to verify.
 * "~" and not ".": a page address ending in ".something" is taken for a file and never reaches the app.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac("sha256", secret).update("learnward:unsubscribe:v1").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    sign(accountId: number, scope: UnsubscribeScope): string {
      const payload = `${accountId}~${scope}`;
      return `${payload}~${sign(payload)}`;
    },
    /** The person and scope a token names, or null when it is not one this app signed. */
    verify(token: string): { accountId: number; scope: UnsubscribeScope } | null {
      const [account, scope, signature, ...rest] = token.split("~");
      if (!account || !scope || !signature || rest.length || !/^[1-9]\d{0,9}$/.test(account) || !SCOPES.includes(scope)) return null;
      const expected = Buffer.from(sign(`${account}~${scope}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { accountId: Number(account), scope: scope as UnsubscribeScope };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/** The two addresses of one token: the API that mail clients POST to, and the page a person opens. */
export function unsubscribeLinks(publicUrl: string, token: string) {
  return { api: `${publicUrl}/api/unsubscribe/${token}`, page: `${publicUrl}/unsubscribe/${token}` };
}

/** RFC 8058 headers: the mail client's one-click button POSTs to the API address. */
export function unsubscribeHeaders(apiUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${apiUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
