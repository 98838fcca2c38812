import type { ScimGroupRow } from "./scim-groups.repo.ts";
import type { ScimUserRow } from "./scim.repo.ts";

export const SCIM = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  list: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patch: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
} as const;

export interface ScimUser {
  schemas: string[];
  id: string;
  /** The directory's own id for the person, when it gave one (RFC 7643 §3.1). */
  externalId?: string;
  userName: string;
  displayName: string;
  name: { formatted: string; givenName: string; familyName: string };
  emails: Array<{ value: string; type: string; primary: boolean }>;
  active: boolean;
  meta: { resourceType: "User"; created: string; lastModified: string; location: string };
}

/** One stored name, as a directory reads it: the first word is the given name, the rest the family name. */
export function presentScimUser(u: ScimUserRow, baseUrl: string): ScimUser {
  const [givenName = "", ...rest] = u.name.trim().split(/\s+/);
  return {
    schemas: [SCIM.user],
    id: String(u.id),
    ...(u.externalId === null ? {} : { externalId: u.externalId }),
    userName: u.email,
    displayName: u.name,
    name: { formatted: u.name, givenName, familyName: rest.join(" ") },
    emails: [{ value: u.email, type: "work", primary: true }],
    active: u.status === "active",
    meta: { resourceType: "User", created: u.createdAt.toISOString(), lastModified: u.updatedAt.toISOString(), location: `${baseUrl}/Users/${u.id}` },
  };
}

export const listResponse = <T>(resources: T[], total: number, startIndex: number) => ({
  schemas: [SCIM.list],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

export interface ScimGroup {
  schemas: string[];
  id: string;
  displayName: string;
  members: Array<{ value: string; display: string; $ref: string }>;
  meta: { resourceType: "Group"; created: string; location: string };
}

export function presentScimGroup(g: ScimGroupRow, baseUrl: string): ScimGroup {
  return {
    schemas: [SCIM.group],
    id: String(g.id),
    displayName: g.name,
    members: g.members.map((m) => ({ value: String(m.id), display: m.email, $ref: `${baseUrl}/Users/${m.id}` })),
    meta: { resourceType: "Group", created: g.createdAt.toISOString(), location: `${baseUrl}/Groups/${g.id}` },
  };
}
