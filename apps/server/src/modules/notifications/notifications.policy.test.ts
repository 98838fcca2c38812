import { describe, expect, it } from "vitest";
import { ACTORS, allowedBy } from "../../../test/actors.ts";
import { notificationsPolicy } from "./notifications.policy.ts";

describe("notifications policy", () => {
  it("lets only the person told mark a notification read; anyone else's reads as missing", () => {
    expect(allowedBy((a) => notificationsPolicy.read(a, { accountId: ACTORS.member.accountId }))).toEqual(["member"]);
    expect(allowedBy((a) => notificationsPolicy.read(a, { accountId: ACTORS.admin.accountId }))).toEqual(["admin"]);
  });

  it("scopes the list and mark-all to the caller's own account, whatever their role", () => {
    for (const a of Object.values(ACTORS)) expect(notificationsPolicy.scope(a)).toEqual({ accountId: a.accountId });
  });
});
