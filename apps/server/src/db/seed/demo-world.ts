import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  collectionFollows,
  collectionItems,
  collections,
  collectionSections,
  contentProgress,
  folderRelations,
  folders,
  folderSections,
  inviteRequests,
  planAssignees,
  planCollections,
  planTeams,
  publishRequests,
  upskillingPlans,
  userContents,
} from "../schema/index.ts";
import { INVITE_REQUESTS, LIBRARIES, PATHS, PLANS, type Team } from "./demo-world-data.ts";
import { seedDemoBudget } from "./demo-world-budget.ts";
import { DAY_MS, writeEvents, type CatalogRow, type Event, type Person } from "./demo-world-events.ts";
import { random } from "./insights.ts";

/**
 * Acme at work: learning paths with followers and progress, an overdue plan and one due
 * next week, this year's budget with requests in every state, open invite and publish requests,
 * and everyone's library. The learning history is the record of exactly these actions, written
 * as the live actions write it (insights.events.repo.ts), so the dashboard agrees with every page.
 */
export async function seedDemoWorld(
  tx: Tx,
  opts: { companyId: number; currency: string; teams: Record<Team, number>; people: Record<string, Person>; now?: Date },
) {
  const now = opts.now ?? new Date();
  const ago = (days: number, hours = 10) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY_MS + hours * 3_600_000);
  // Never in the future: a time "today" is at most a minute ago.
  const past = (d: Date) => (d.getTime() > now.getTime() - 60_000 ? new Date(now.getTime() - 60_000) : d);
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const who = (email: string) => {
    const p = opts.people[email];
    if (!p) throw new Error(`demo seed: no ${email}`);
    return p;
  };
  const rand = random(23);
  const events: Event[] = [];

  const catalog = (
    (await tx.execute(
      sql`select id, title, url, content_type, provider, author, duration_s, description, skills from content_items where company_id = ${opts.companyId}::int order by id`,
    )) as { rows: CatalogRow[] }
  ).rows;

  // Each person's library, built as they acted: content id → row to insert.
  type Saved = { content: CatalogRow; status: "wishlist" | "running" | "finalized" | null; savedAt: Date };
  const libraries = new Map<number, Map<number, Saved>>();
  const libraryOf = (account: number) => libraries.get(account) ?? libraries.set(account, new Map()).get(account)!;
  const save = (account: number, content: CatalogRow, at: Date) => {
    const lib = libraryOf(account);
    const had = lib.get(content.id);
    if (had) return had;
    const row: Saved = { content, status: content.content_type === "course" ? "wishlist" : null, savedAt: past(at) };
    lib.set(content.id, row);
    events.push({ kind: "save", account, content, at: row.savedAt });
    return row;
  };
  const finish = (account: number, content: CatalogRow, at: Date, started: boolean) => {
    const row = save(account, content, new Date(at.getTime() - 3 * DAY_MS));
    if (row.status === "finalized") return;
    if (started && row.status !== "running")
      events.push({ kind: "start", account, content, at: past(new Date(Math.min(at.getTime() - DAY_MS, now.getTime()))) });
    row.status = "finalized";
    events.push({ kind: "finish", account, content, at: past(at) });
  };

  // Learning paths: published ones with their sections and items, and one private path waiting for review.
  const pathIds: Record<string, number> = {};
  const pathItems: Record<string, CatalogRow[]> = {};
  for (const spec of PATHS) {
    const owner = who(spec.owner);
    const publishedAt = spec.publishedDaysAgo === null ? null : ago(spec.publishedDaysAgo);
    const createdAt = ago((spec.publishedDaysAgo ?? 2) + 5);
    const [c] = await tx
      .insert(collections)
      .values({
        companyId: opts.companyId,
        ownerId: owner.id,
        title: spec.title,
        description: spec.description,
        skills: spec.skills,
        status: publishedAt ? "published" : "pending",
        publishedAt,
        createdAt,
        updatedAt: publishedAt ?? createdAt,
      })
      .returning({ id: collections.id });
    pathIds[spec.key] = c!.id;
    const used = new Set<number>();
    const items: CatalogRow[] = [];
    for (const [position, section] of spec.sections.entries()) {
      const [s] = await tx
        .insert(collectionSections)
        .values({ collectionId: c!.id, title: section.title, position: position + 1 })
        .returning({ id: collectionSections.id });
      // Mostly reading and watching, at most one course a section.
      const candidates = catalog.filter((x) => x.content_type !== "job" && x.skills.includes(section.skill) && !used.has(x.id));
      const picked = [
        ...candidates.filter((x) => x.content_type !== "course").slice(0, section.count - 1),
        ...candidates.filter((x) => x.content_type === "course").slice(0, 1),
      ].slice(0, section.count);
      for (const [i, item] of picked.entries()) {
        used.add(item.id);
        items.push(item);
        await tx.insert(collectionItems).values({ collectionId: c!.id, sectionId: s!.id, contentId: item.id, position: i + 1, createdAt });
      }
    }
    pathItems[spec.key] = items;
    if (!publishedAt) {
      await tx.insert(publishRequests).values({
        companyId: opts.companyId,
        collectionId: c!.id,
        requestedBy: owner.id,
        message: "Ready for the platform team; happy to add more on Helm.",
        createdAt: ago(1),
      });
      continue;
    }
    await tx.insert(publishRequests).values({
      companyId: opts.companyId,
      collectionId: c!.id,
      requestedBy: owner.id,
      status: "accepted",
      decidedBy: who("ldleader@acme.test").id,
      decidedAt: publishedAt,
      createdAt: new Date(publishedAt.getTime() - DAY_MS),
    });

    // Followers, and the items each has done since the path was published.
    for (const [email, done] of Object.entries(spec.followers)) {
      const person = who(email);
      const followedAt = past(new Date(publishedAt.getTime() + (1 + Math.floor(rand() * 4)) * DAY_MS));
      await tx.insert(collectionFollows).values({ accountId: person.id, collectionId: c!.id, createdAt: followedAt }).onConflictDoNothing();
      const span = now.getTime() - followedAt.getTime();
      for (const [i, item] of items.slice(0, done).entries()) {
        const at = past(new Date(followedAt.getTime() + ((i + 1) / (done + 1)) * span));
        const added = await tx.insert(contentProgress).values({ accountId: person.id, contentId: item.id, doneAt: at }).onConflictDoNothing().returning();
        if (!added.length) continue;
        // spec §4: a course done in a path is finalized in the library (one finish, no item_done).
        if (item.content_type === "course") finish(person.id, item, at, false);
        else events.push({ kind: "item_done", account: person.id, content: item, collection: c!.id, at });
      }
    }
  }

  // Libraries: courses on the wishlist, running and finalized; other content saved, in progress and done; jobs.
  // Path items are left to the paths, so a plan's progress is exactly what its assignees did there.
  const inPaths = new Set(Object.values(pathItems).flatMap((items) => items.map((i) => i.id)));
  for (const [email, spec] of Object.entries(LIBRARIES)) {
    const person = who(email);
    const lib = libraryOf(person.id);
    const pick = (pool: CatalogRow[], n: number) => {
      const out: CatalogRow[] = [];
      const free = pool.filter((x) => !lib.has(x.id) && !inPaths.has(x.id));
      while (out.length < n && free.length) out.push(...free.splice(Math.floor(rand() * free.length), 1));
      return out;
    };
    const courses = catalog.filter((x) => x.content_type === "course");
    const others = catalog.filter((x) => ["article", "video", "book", "podcast"].includes(x.content_type));
    const when = () => ago(5 + Math.floor(rand() * 100), 8 + Math.floor(rand() * 10));
    const later = (from: Date) => past(new Date(from.getTime() + (1 + Math.floor(rand() * 20)) * DAY_MS));
    /** Saves items of a pool in each state: kept (wishlist), running since a later day, finished later still. */
    const inStates = (pool: typeof catalog, counts: { kept: number; running: number; finalized: number }, course: boolean) => {
      for (const c of pick(pool, counts.kept)) save(person.id, c, when());
      for (const c of pick(pool, counts.running)) {
        const row = save(person.id, c, when());
        row.status = "running";
        events.push({ kind: "start", account: person.id, content: c, at: later(row.savedAt) });
      }
      for (const c of pick(pool, counts.finalized)) {
        const saved = save(person.id, c, when());
        // A course takes at least two days; other items can be done the day after.
        finish(person.id, c, later(course ? new Date(saved.savedAt.getTime() + 2 * DAY_MS) : saved.savedAt), course);
      }
    };
    inStates(courses, { kept: spec.courses.wishlist, running: spec.courses.running, finalized: spec.courses.finalized }, true);
    inStates(others, { kept: spec.others.saved, running: spec.others.running, finalized: spec.others.finalized }, false);
    for (const c of pick(
      catalog.filter((x) => x.content_type === "job"),
      spec.jobs,
    ))
      save(person.id, c, when());
  }
  const saved = new Map<string, number>();
  for (const [account, lib] of libraries) {
    for (const s of lib.values()) {
      const c = s.content;
      const [row] = await tx
        .insert(userContents)
        .values({
          accountId: account,
          contentId: c.id,
          title: c.title,
          url: c.url,
          contentType: c.content_type as "article",
          provider: c.provider,
          author: c.author,
          durationS: c.duration_s,
          description: c.description,
          courseStatus: s.status,
          createdAt: s.savedAt,
          updatedAt: s.savedAt,
        })
        .returning({ id: userContents.id });
      saved.set(`${account}:${c.id}`, row!.id);
    }
  }
  // A folder with sections for whoever keeps one, filled from their own library.
  for (const [email, spec] of Object.entries(LIBRARIES)) {
    if (!spec.folder) continue;
    const person = who(email);
    const [f] = await tx
      .insert(folders)
      .values({ accountId: person.id, name: spec.folder.name, createdAt: ago(30) })
      .returning({ id: folders.id });
    const sections: (number | null)[] = [null];
    for (const [i, name] of spec.folder.sections.entries()) {
      const [s] = await tx
        .insert(folderSections)
        .values({ folderId: f!.id, name, position: i + 1 })
        .returning({ id: folderSections.id });
      sections.push(s!.id);
    }
    const mine = [...libraryOf(person.id).values()].filter((s) => s.content.content_type !== "job").slice(0, 3 * sections.length);
    for (const [i, section] of sections.entries()) {
      for (const [p, s] of mine.slice(i * 3, i * 3 + 3).entries()) {
        await tx
          .insert(folderRelations)
          .values({ folderId: f!.id, sectionId: section, userContentId: saved.get(`${person.id}:${s.content.id}`)!, priority: p + 1 });
      }
    }
  }

  // Upskilling plans: one already overdue (written here: the API refuses a past deadline), one due next week.
  const teamOf = (t: Team) => opts.teams[t];
  for (const spec of PLANS) {
    const createdAt = ago(spec.createdDaysAgo);
    const [p] = await tx
      .insert(upskillingPlans)
      .values({
        companyId: opts.companyId,
        title: spec.title,
        deadline: isoDay(ago(-spec.deadlineInDays)),
        createdBy: who(spec.createdBy).id,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: upskillingPlans.id });
    for (const [skill, keys] of Object.entries(spec.skills))
      for (const key of keys) await tx.insert(planCollections).values({ planId: p!.id, skill, collectionId: pathIds[key]! });
    for (const t of spec.teams) await tx.insert(planTeams).values({ planId: p!.id, teamId: teamOf(t) });
    const assignees = new Set([
      ...spec.people,
      ...Object.entries(opts.people)
        .filter(([, x]) => spec.teams.some((t) => x.teamId === teamOf(t)))
        .map(([e]) => e),
    ]);
    for (const email of assignees) {
      const direct = spec.people.includes(email);
      const answer = spec.answered[email];
      if (direct || answer)
        await tx.insert(planAssignees).values({
          planId: p!.id,
          accountId: who(email).id,
          direct,
          status: answer ?? "pending",
          createdAt,
          updatedAt: answer ? ago(spec.createdDaysAgo - 2) : createdAt,
        });
      const skills = Object.keys(spec.skills).sort();
      events.push({ kind: "plan_assigned", account: who(email).id, actor: who(spec.createdBy).id, plan: p!.id, skills, at: createdAt });
      // Done in full (and not declined): the plan completed with its last item.
      const items = Object.values(spec.skills)
        .flat()
        .flatMap((k) => pathItems[k]!);
      const progress = await tx
        .select()
        .from(contentProgress)
        .where(sql`${contentProgress.accountId} = ${who(email).id}`);
      const doneAt = items.map((i) => progress.find((x) => x.contentId === i.id)?.doneAt);
      if (answer !== "rejected" && doneAt.every(Boolean)) {
        events.push({ kind: "plan_completed", account: who(email).id, plan: p!.id, skills, at: new Date(Math.max(...doneAt.map((d) => d!.getTime()))) });
      }
    }
  }

  // This year's budget and its purchase requests: their decisions join the learning history.
  events.push(...(await seedDemoBudget(tx, opts, { now, ago, isoDay, who })));

  // People: a team leader's invite request waiting for hr, and one hr turned down.
  for (const r of INVITE_REQUESTS) {
    await tx.insert(inviteRequests).values({
      companyId: opts.companyId,
      teamId: teamOf(r.team),
      email: r.email,
      reason: r.reason,
      status: r.status,
      requestedBy: who(r.by).id,
      decidedBy: r.status === "rejected" ? who(r.decidedBy!).id : null,
      decidedAt: r.status === "rejected" ? ago(r.daysAgo - 1) : null,
      createdAt: ago(r.daysAgo),
    });
  }

  await writeEvents(tx, opts.companyId, opts.people, events);
  return { events: events.length };
}
