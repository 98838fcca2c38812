import { randomUUID } from "node:crypto";
import { z } from "zod";
import { filter as scimFilter, parse as parseFilter, type Filter } from "scim2-parse-filter";
import { ScimError, scimNotFound } from "./scim.errors.ts";
import { applyScimPatch, namesPrototypeKey } from "./scim.patch.ts";
import { listResponse, presentScimUser, SCIM, type ScimUser } from "./scim.present.ts";
import type { Db } from "../../db/client.ts";
import { uniqueViolation } from "../people/index.ts";
import type { ScimRepo, ScimUserRow } from "./scim.repo.ts";

/** Who calls: the SCIM token of one company. Every change is audited in its name. */
export interface ScimCaller {
  companyId: number;
  prefix: string;
}
export const reasonOf = (c: ScimCaller) => `SCIM token ${c.prefix}… of company ${c.companyId}`;

// Azure AD sends booleans as strings ("False") in PATCH values.
const Bool = z.union([z.boolean(), z.enum(["true", "false", "True", "False", "TRUE", "FALSE"]).transform((s) => s.toLowerCase() === "true")]);
const UserBody = z.object({
  userName: z.string().trim().toLowerCase().pipe(z.email()),
  // RFC 7643 §3.1: the directory's own id, case-exact; Azure AD sends its object id.
  externalId: z.string().min(1).max(512).nullish(),
  name: z.object({ formatted: z.string().optional(), givenName: z.string().optional(), familyName: z.string().optional() }).partial().optional(),
  displayName: z.string().optional(),
  active: Bool.optional(),
});
export const PatchBody = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(SCIM.patch), "schemas must name the PatchOp message"),
  Operations: z.array(z.object({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() })).min(1),
});
export const ListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
});

export const invalid = (err: z.ZodError) => new ScimError(400, err.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "), "invalidValue");

/** The name a directory states: formatted, else given + family, else display name. */
const nameOf = (b: z.infer<typeof UserBody>) =>
  (
    b.name?.formatted?.trim() ||
    [b.name?.givenName, b.name?.familyName].filter(Boolean).join(" ").trim() ||
    b.displayName?.trim() ||
    b.userName.split("@")[0]!
  ).slice(0, 200);

// RFC 7643 §4.1: userName and emails compare case-insensitively; stored addresses are lower case.
function lowerEmails(f: Filter): Filter {
  if ("filters" in f) return { ...f, filters: f.filters.map(lowerEmails) };
  if ("valFilter" in f) return { ...f, valFilter: lowerEmails(f.valFilter) };
  if ("filter" in f) return { ...f, filter: lowerEmails(f.filter) };
  if ("compValue" in f && typeof f.compValue === "string" && /^(username|emails(\.value)?)$/i.test(f.attrPath))
    return { ...f, compValue: f.compValue.toLowerCase() };
  return f;
}

/** SCIM Users (RFC 7644 §3) over the accounts of the token's company. */
export function createScimUsersService({
  db,
  repo,
  baseUrl,
  yieldUnproven,
}: {
  db: Db;
  repo: ScimRepo;
  baseUrl: string;
  /** Identity's: an account of the address whose owner never proved it gives way to the directory's person. */
  yieldUnproven: (email: string) => Promise<void>;
}) {
  const present = (u: Parameters<typeof presentScimUser>[0]) => presentScimUser(u, baseUrl);
  const find = async (c: ScimCaller, id: string) => {
    const n = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const u = Number.isNaN(n) ? undefined : await repo.user(c.companyId, n);
    if (!u) throw scimNotFound("User");
    return u;
  };
  /** The company's domain (and `*@domain` allow-list entries) bound whom its directory may create. */
  const checkDomain = async (c: ScimCaller, email: string) => {
    const company = await repo.company(c.companyId);
    const domain = email.split("@")[1];
    const domains = new Set([company?.domain, ...(company?.registrationAllowlist ?? []).filter((e) => e.startsWith("*@")).map((e) => e.slice(2))]);
    if (!domain || !domains.has(domain)) throw new ScimError(400, `userName must be an address of the company's domain (${company?.domain})`, "invalidValue");
  };
  /** Name, directory id and status as the directory states them, each change audited, in one transaction. */
  const update = async (u: ScimUserRow, companyId: number, change: { name?: string; active?: boolean; externalId?: string | null }, reason: string) => {
    await db.transaction(async (tx) => {
      // The directory, not a person, made the change: no actor.
      const audited = (before: Record<string, unknown>, after: Record<string, unknown>) =>
        repo.recordAudit(tx, { actorId: null, companyId, entity: "account", entityId: u.id, action: "update", before, after, reason });
      if (change.externalId !== undefined && change.externalId !== u.externalId) {
        await repo.setExternalId(tx, companyId, u.id, change.externalId);
        await audited({ external_id: u.externalId }, { external_id: change.externalId });
      }
      if (change.name !== undefined && change.name !== u.name) {
        await repo.renameUser(tx, u.uid, change.name);
        await audited({ name: u.name }, { name: change.name });
      }
      if (change.active === false && u.status === "active") await repo.deactivate(tx, u.id, reason);
      if (change.active === true && u.status === "deactivated") await repo.reactivate(tx, u.id, reason);
    });
  };
  /**
   * A person the directory provisions: login user and member account in one transaction, audited.
   * Undefined when the address was taken meanwhile (a directory retrying a create sends it twice at once).
   */
  const createUser = async (companyId: number, u: { uid: string; name: string; email: string; externalId: string | null }, reason: string) =>
    db
      .transaction(async (tx) => {
        const id = await repo.insertUser(tx, companyId, u);
        if (u.externalId !== null) await repo.setExternalId(tx, companyId, id, u.externalId);
        await repo.recordAudit(tx, {
          actorId: null,
          companyId,
          entity: "account",
          entityId: id,
          action: "create",
          after: { email: u.email, role: "member", external_id: u.externalId },
          reason,
        });
        return id;
      })
      .catch((e: unknown) => {
        if (uniqueViolation(e)) return undefined;
        throw e;
      });
  const apply = async (c: ScimCaller, u: NonNullable<Awaited<ReturnType<ScimRepo["user"]>>>, next: z.infer<typeof UserBody>) => {
    if (next.userName !== u.email) throw new ScimError(400, "userName (the sign-in address) can't be changed", "mutability");
    // The whole resource as it is to be: a PUT or PATCH that leaves externalId out drops it.
    await update(u, c.companyId, { name: nameOf(next), active: next.active, externalId: next.externalId ?? null }, reasonOf(c));
    return present((await repo.user(c.companyId, u.id))!);
  };

  return {
    async list(c: ScimCaller, q: z.infer<typeof ListQuery>) {
      return listPage((await repo.users(c.companyId)).map(present), q, lowerEmails);
    },
    async get(c: ScimCaller, id: string) {
      return present(await find(c, id));
    },
    async create(c: ScimCaller, body: unknown) {
      const parsed = UserBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      const b = parsed.data;
      await checkDomain(c, b.userName);
      const taken = () => new ScimError(409, "A person with this userName exists already", "uniqueness");
      // The company's directory vouches for an address of its own domain, as an invitation does: a
      // stranger who registered it first and never proved it must not keep its owner out.
      await yieldUnproven(b.userName);
      if (await repo.emailTaken(b.userName)) throw taken();
      const id = await createUser(c.companyId, { uid: randomUUID(), name: nameOf(b), email: b.userName, externalId: b.externalId ?? null }, reasonOf(c));
      if (id === undefined) throw taken();
      const u = (await repo.user(c.companyId, id))!;
      if (b.active === false) await update(u, c.companyId, { active: false }, reasonOf(c));
      return present((await repo.user(c.companyId, id))!);
    },
    async replace(c: ScimCaller, id: string, body: unknown) {
      const u = await find(c, id);
      const parsed = UserBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      return apply(c, u, { ...parsed.data, active: parsed.data.active ?? true });
    },
    /** RFC 7644 §3.5.2, in Okta's (`value: {active:false}`) and Azure AD's (`Replace`, `path`, "False") shapes. */
    async patch(c: ScimCaller, id: string, body: unknown) {
      const u = await find(c, id);
      const parsed = PatchBody.safeParse(body);
      if (!parsed.success) throw invalid(parsed.error);
      const patched: ScimUser = applyScimPatch(present(u), parsed.data.Operations);
      const next = UserBody.safeParse({ ...patched, name: { givenName: patched.name?.givenName, familyName: patched.name?.familyName } });
      if (!next.success) throw invalid(next.error);
      return apply(c, u, next.data);
    },
    async remove(c: ScimCaller, id: string) {
      // RFC 7644 §3.6: deleted for the directory; the account stays deactivated with its history.
      const u = await find(c, id);
      const reason = reasonOf(c);
      await db.transaction(async (tx) => {
        if (u.status === "active") await repo.deactivate(tx, u.id, reason);
        await repo.markDeleted(tx, u.id, c.companyId);
        await repo.recordAudit(tx, {
          actorId: null,
          companyId: c.companyId,
          entity: "account",
          entityId: u.id,
          action: "delete",
          before: { email: u.email },
          reason,
        });
      });
    },
  };
}
export type ScimUsersService = ReturnType<typeof createScimUsersService>;

/**
 * One page of a list answer (RFC 7644 §3.4.2): the resources matching `q.filter` (read by
 * scim2-parse-filter, after `prepare`), from `startIndex` (below 1 is 1), at most `count` (a
 * negative count is 0; at most 200).
 */
export function listPage<T>(all: T[], q: z.infer<typeof ListQuery>, prepare: (f: Filter) => Filter = (f) => f) {
  let match: (r: T) => boolean = () => true;
  if (q.filter) {
    if (namesPrototypeKey(q.filter)) throw new ScimError(400, "The filter names an attribute that does not exist", "invalidFilter");
    try {
      match = scimFilter(prepare(parseFilter(q.filter))) as (r: T) => boolean;
    } catch {
      throw new ScimError(400, "The filter is not a valid SCIM filter", "invalidFilter");
    }
  }
  const found = all.filter(match);
  const start = Math.max(1, q.startIndex ?? 1);
  const count = Math.min(Math.max(0, q.count ?? 100), 200);
  return listResponse(found.slice(start - 1, start - 1 + count), found.length, start);
}
