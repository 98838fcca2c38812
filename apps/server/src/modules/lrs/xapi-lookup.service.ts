import type { LrsCaller } from "./lrs-credentials.service.ts";
import type { XapiLookupRepo } from "./xapi-lookup.repo.ts";
import type { XapiAgent } from "./xapi.schema.ts";
import { addressesBySha1, personKey } from "./xapi.person.ts";

// How many of the newest statements naming an activity are read for its definition.
const DEFINITION_WINDOW = 50;

type Activity = { objectType?: string; id?: string; definition?: unknown };
type Part = {
  object?: Activity & { objectType?: string; object?: Activity; context?: Part["context"] };
  context?: { contextActivities?: Record<string, unknown> };
};
const asList = (v: unknown): Activity[] => (Array.isArray(v) ? v : v && typeof v === "object" ? [v] : []) as Activity[];

/** Every activity a stored statement names: its object, its context activities, and those of a SubStatement. */
function activitiesIn(s: Part): Activity[] {
  const out: Activity[] = [];
  const walk = (x: Part) => {
    if (x.object && (x.object.objectType === undefined || x.object.objectType === "Activity")) out.push(x.object);
    const c = x.context?.contextActivities;
    if (c) for (const key of ["parent", "grouping", "category", "other"] as const) out.push(...asList(c[key]));
  };
  walk(s);
  if (s.object?.objectType === "SubStatement") walk(s.object as Part);
  return out;
}

type Person = {
  objectType: "Person";
  name?: string[];
  mbox?: string[];
  mbox_sha1sum?: string[];
  openid?: string[];
  account?: { homePage: string; name: string }[];
};

/** The Activities and Agents resources (xAPI 1.0.3 Part Three §2.4, §2.5): what the company's LRS knows of one. */
export function createXapiLookupService({
  repo,
  activeEmails,
  publicUrl,
}: {
  repo: XapiLookupRepo;
  /** The company's active people's addresses (the lrs repo's), to read an mbox_sha1sum back. */
  activeEmails: (companyId: number) => Promise<string[]>;
  publicUrl: string;
}) {
  const home = publicUrl.replace(/\/$/, "");

  /** The Learnward person of the caller's company an agent names, if any. */
  async function personOf(companyId: number, a: XapiAgent) {
    const key = personKey(a, publicUrl);
    if (key?.username) return repo.person(companyId, { username: key.username });
    const email = key?.sha1 ? addressesBySha1(await activeEmails(companyId), new Set([key.sha1])).get(key.sha1) : key?.email;
    return email ? repo.person(companyId, { email }) : undefined;
  }

  return {
    /** The activity with the newest definition a statement gave it, or the bare activity when none did (§2.5). */
    async activity(caller: LrsCaller, activityId: string) {
      for (const s of await repo.statementsNaming(caller.companyId, activityId, DEFINITION_WINDOW)) {
        const found = activitiesIn(s as Part).find((x) => x.id === activityId && x.definition !== undefined);
        if (found) return { objectType: "Activity", id: activityId, definition: found.definition };
      }
      return { objectType: "Activity", id: activityId };
    },

    /** A Person combining the agent asked about with the company's person it names (§2.4). */
    async person(caller: LrsCaller, a: XapiAgent): Promise<Person> {
      const names = new Set<string>();
      // One address however its case was written.
      const mboxes = new Map<string, string>();
      const accounts = new Map<string, { homePage: string; name: string }>();
      if (a.name) names.add(a.name);
      if (a.mbox) mboxes.set(a.mbox.toLowerCase(), a.mbox);
      if (a.account) accounts.set(`${a.account.homePage}|${a.account.name}`, a.account);
      const known = await personOf(caller.companyId, a);
      if (known) {
        names.add(known.name);
        if (!mboxes.has(`mailto:${known.email.toLowerCase()}`)) mboxes.set(`mailto:${known.email.toLowerCase()}`, `mailto:${known.email}`);
        accounts.set(`${home}|${known.username}`, { homePage: home, name: known.username });
      }
      return {
        objectType: "Person",
        ...(names.size ? { name: [...names] } : {}),
        ...(mboxes.size ? { mbox: [...mboxes.values()] } : {}),
        ...(a.mbox_sha1sum ? { mbox_sha1sum: [a.mbox_sha1sum] } : {}),
        ...(a.openid ? { openid: [a.openid] } : {}),
        ...(accounts.size ? { account: [...accounts.values()] } : {}),
      };
    },
  };
}
export type XapiLookupService = ReturnType<typeof createXapiLookupService>;
