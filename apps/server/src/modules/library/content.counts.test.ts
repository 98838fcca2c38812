import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson } from "../../../test/factories.ts";
import { LARGE_LIBRARY, RANKED_MATCHES, largeLibraryMatch } from "./content.repo.ts";
import { expectKeptCountsExact as expectKeptCountsExact_, saveLink } from "../../../test/library-counts.ts";

/**
 * The tab counts and a list's total are kept per person (library_counts) instead of being
 * counted from the whole library on every request. Whatever writes to user_contents — the library's
 * routes, course moves, a bulk statement, a cascade from the catalog or from an account — the kept
 * counts must stay exactly the library's, and the counts a person is shown with them.
 */
let t: TestContext;

const expectKeptCountsExact = () => expectKeptCountsExact_(t);
const save = saveLink;

beforeAll(async () => {
  t = await createTestContext({ readMetadata: async () => null });
});
afterAll(() => t.close());

describe("the kept tab counts stay the library's after every kind of write", () => {
  // Tests run in a random order (vitest.config.ts): each brings its own people.
  const people = async () => [await addPerson(t, { company: "acme", role: "member" }), await addPerson(t, { company: "acme", role: "member" })] as const;

  it("saves, edits, privacy, course moves and removals", async () => {
    const [person, other] = await people();
    const article = await save(person, "https://blog.example.org/kept-1", "Kept counts one");
    const course = await save(person, "https://www.coursera.org/learn/kept-counts", "Kept counts course");
    const secret = await save(person, "https://blog.example.org/kept-2", "Kept counts secret", { is_private: true });
    await save(other, "https://blog.example.org/kept-1", "Kept counts one");
    await expectKeptCountsExact();

    expect((await person.client.patch(`/api/contentuser/${article.id_primary}/`, { content_type: "video" })).status).toBe(200);
    expect((await person.client.patch(`/api/contentuser/${secret.id_primary}/`, { is_private: false })).status).toBe(200);
    expect((await person.client.patch(`/api/contentuser/${secret.id_primary}/`, { title: "Only the title" })).status).toBe(200);
    await expectKeptCountsExact();

    expect((await person.client.post("/api/user/courses", { id_course: course.id_content, completed: false })).status).toBe(201);
    await expectKeptCountsExact();
    expect((await person.client.post("/api/user/courses", { id_course: course.id_content, completed: true })).status).toBe(201);
    await expectKeptCountsExact();
    expect((await person.client.delete(`/api/user/courses?id_course=${course.id_content}`)).status).toBe(200);
    await expectKeptCountsExact();
    // A course move that saves the item on the fly (wishlist of a catalog item not yet in the library).
    const theirs = await save(other, "https://www.udemy.com/course/kept-counts-2/", "Another course");
    expect((await person.client.post("/api/user/wishlist", { id_course: theirs.id_content })).status).toBe(201);
    await expectKeptCountsExact();

    expect((await person.client.delete(`/api/contentuser/delete/?id_primary=${article.id_primary}`)).status).toBe(200);
    await expectKeptCountsExact();

    const counts = await person.client.get("/api/contentuser/counts");
    const list = await person.client.get("/api/contentuser/search?contenType=all&page_size=100");
    expect(counts.body.allContentCount).toBe(list.body.count);
    expect(list.body.count).toBe(list.body.results.length);
  });

  it("bulk statements and cascades from the catalog and from accounts", async () => {
    const [person, other] = await people();
    const db = t.database.db;
    // An import-sized insert in one statement: every catalog item of acme the person has not saved.
    await db.execute(sql`
      insert into user_contents (account_id, content_id, title, url, content_type, course_status, is_private)
      select ${person.id}, c.id, c.title, c.url, c.content_type, case when c.content_type = 'course' then 'running' end, c.id % 3 = 0
      from content_items c where c.company_id = (select company_id from accounts where id = ${person.id})
      on conflict do nothing`);
    await expectKeptCountsExact();
    await db.execute(
      sql`update user_contents set is_private = not is_private, content_type = case when content_type = 'book' then 'podcast' else content_type end where account_id = ${person.id}`,
    );
    await expectKeptCountsExact();
    const catalogItem = await save(other, "https://blog.example.org/kept-cascade-x", "Soon gone");
    await save(person, "https://blog.example.org/kept-cascade-x", "Soon gone");
    await db.execute(sql`delete from content_items where id = ${catalogItem.id_content}`);
    await expectKeptCountsExact();
    await db.execute(sql`delete from user_contents where account_id = ${person.id} and id % 2 = 0`);
    await expectKeptCountsExact();
    await db.execute(sql`delete from accounts where id = ${other.id}`);
    await expectKeptCountsExact();
  });

  it("every type's states, moved by the state route and the spec's calls, count as their lists list them", async () => {
    const [person] = await people();
    const items = {
      article: await save(person, "https://blog.example.org/kept-states-a", "Kept states article"),
      video: await save(person, "https://videos.example.org/kept-states-v", "Kept states video", { content_type: "video" }),
      book: await save(person, "https://books.example.org/kept-states-b", "Kept states book", { content_type: "book" }),
      podcast: await save(person, "https://pod.example.org/kept-states-p", "Kept states podcast", { content_type: "podcast" }),
      course: await save(person, "https://www.coursera.org/learn/kept-states-c", "Kept states course"),
      job: await save(person, "https://jobs.example.org/kept-states-j", "Kept states job", { content_type: "job" }),
      secretJob: await save(person, "https://jobs.example.org/kept-states-j2", "Kept states job two", { content_type: "job", is_private: true }),
    };
    const move = async (item: { id_primary: number }, state: string | null) => {
      const res = await person.client.patch(`/api/contentuser/${item.id_primary}/state/`, { state });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await move(items.article, "running");
    await move(items.video, "finalized");
    await move(items.book, "wishlist");
    await move(items.podcast, "running");
    await move(items.podcast, null);
    await move(items.course, "finalized");
    await move(items.job, "applied");
    await move(items.secretJob, "closed");
    await expectKeptCountsExact();
    expect((await person.client.post("/api/user/courses", { id_course: items.book.id_content, completed: false })).status).toBe(201);
    await move(items.job, "closed");
    // A job becoming an article leaves the job's states behind.
    expect((await person.client.patch(`/api/contentuser/${items.secretJob.id_primary}/`, { content_type: "article" })).status).toBe(200);
    await expectKeptCountsExact();

    const expectCountsAreLists = async (query: string) => {
      const counts = (await person.client.get(`/api/contentuser/counts?${query}`)).body;
      const listed = async (type: string, state: string) =>
        (await person.client.get(`/api/contentuser/search?contenType=${type}&state=${state}&page_size=100&${query}`)).body.count;
      for (const [type, states] of Object.entries(counts.states as Record<string, Record<string, number>>)) {
        for (const [state, n] of Object.entries(states)) expect(n, `${query} ${type} ${state}`).toBe(await listed(type, state));
      }
      return counts.states;
    };
    expect(await expectCountsAreLists("")).toEqual({
      article: { wishlist: 0, running: 1, finalized: 0 },
      video: { wishlist: 0, running: 0, finalized: 1 },
      book: { wishlist: 0, running: 1, finalized: 0 },
      podcast: { wishlist: 0, running: 0, finalized: 0 },
      course: { wishlist: 0, running: 0, finalized: 1 },
      job: { saved: 0, applied: 0, closed: 1 },
    });
    await expectCountsAreLists("search=kept");
    const states = (await person.client.get("/api/contentuser/search?contenType=all,job&page_size=100&search=kept")).body.results.map(
      (r: { title: string; state: string | null }) => `${r.title}: ${r.state}`,
    );
    expect(states).toContain("Kept states job two: null");
  });

  it("concurrent saves by one person (a race on PostgreSQL) each count once", async () => {
    const racer = await addPerson(t, { company: "acme", role: "member" });
    await Promise.all([
      save(racer, "https://blog.example.org/race-a", "Race A"),
      save(racer, "https://blog.example.org/race-b", "Race B"),
      save(racer, "https://www.coursera.org/learn/race-c", "Race C"),
      save(racer, "https://blog.example.org/race-d", "Race D", { is_private: true }),
    ]);
    await expectKeptCountsExact();
    const counts = await racer.client.get("/api/contentuser/counts");
    expect(counts.body).toMatchObject({ articlesCount: 3, coursesCount: 1, wishlistCount: 1, allContentCount: 4 });
  });
});

describe("a list's pages read in index order", () => {
  it("the first page and the next ones are the library newest first (id breaks ties), each with the kept total", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    // Twelve saves at one instant (as an import writes them), across types and course states.
    await t.database.db.execute(sql`
      insert into user_contents (account_id, content_id, title, url, content_type, course_status, is_private, created_at)
      select ${person.id}, c.id, c.title, c.url, c.content_type, case when c.content_type = 'course' then 'wishlist' end, false, '2026-01-01T00:00:00Z'
      from content_items c where c.company_id = (select company_id from accounts where id = ${person.id}) order by c.id limit 12`);
    await save(person, "https://blog.example.org/newest", "The newest");
    for (const query of ["contenType=all", "contenType=article", "contenType=course&is_wishlist=true", "contenType=article,video"]) {
      const expected = await person.client.get(`/api/contentuser/search?${query}&page_size=100`);
      const types = new Set(expected.body.results.map((r: { content_type: string }) => r.content_type));
      const { rows } = (await t.database.db.execute(sql`
        select id from user_contents where account_id = ${person.id} order by created_at desc, id desc`)) as { rows: { id: number }[] };
      const all = await person.client.get(`/api/contentuser/search?contenType=all,job&page_size=100`);
      const typeOf = new Map(all.body.results.map((r: { id_primary: number; content_type: string }) => [r.id_primary, r.content_type]));
      const newestFirst = rows.map((r) => Number(r.id)).filter((id) => types.has(typeOf.get(id)));
      expect(
        expected.body.results.map((r: { id_primary: number }) => r.id_primary),
        query,
      ).toEqual(newestFirst);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(newestFirst.length / 4); page++) {
        const res = await person.client.get(`/api/contentuser/search?${query}&page=${page}&page_size=4`);
        expect(res.body.count, query).toBe(newestFirst.length);
        paged.push(...res.body.results.map((r: { id_primary: number }) => r.id_primary));
      }
      expect(paged, query).toEqual(newestFirst);
      const past = await person.client.get(`/api/contentuser/search?${query}&page=${Math.ceil(newestFirst.length / 4) + 1}&page_size=4`);
      expect(past.status === 404 || past.body.count === newestFirst.length, query).toBe(true);
    }
  });
});

describe("a broad search in a large library ranks a bounded set", () => {
  it("ranks the newest RANKED_MATCHES matches; older ones follow newest first; the count and the pages cover every match once", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const db = t.database.db;
    const size = LARGE_LIBRARY + 100;
    const matching = RANKED_MATCHES + 40;
    // The oldest item is the best match of all (the word in its title, author and description).
    await db.execute(sql`
      insert into content_items (company_id, url, normalized_url, title, content_type, author, description)
      select (select company_id from accounts where id = ${person.id}), 'https://big.example/' || ${person.id} || '/' || g, 'https://big.example/' || ${person.id} || '/' || g,
        case when g = 1 then 'Zebrafish zebrafish zebrafish' when g <= ${matching} then 'Zebrafish care ' || g else 'Other topic ' || g end,
        'article', case when g = 1 then 'Zebrafish' end, case when g = 1 then 'All about zebrafish and zebrafish.' end
      from generate_series(1, ${size}) g`);
    await db.execute(sql`
      insert into user_contents (account_id, content_id, title, url, content_type, author, description)
      select ${person.id}, c.id, c.title, c.url, c.content_type, c.author, c.description
      from content_items c where c.url like ${`https://big.example/${person.id}/%`} order by c.id`);
    const { rows } = (await db.execute(sql`
      select id from user_contents where account_id = ${person.id} and title ilike 'zebrafish%' order by id desc`)) as { rows: { id: number }[] };
    const newestFirst = rows.map((r) => Number(r.id));
    const best = newestFirst.at(-1)!;

    const first = await person.client.get("/api/contentuser/search?contenType=all&page_size=8&search=zebrafish");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(matching);
    // Every title ranks alike but the best one's, which is older than the newest RANKED_MATCHES: the
    // first page is the newest matches (id breaks the tie), and the best one comes last of all.
    expect(first.body.results.map((r: { id_primary: number }) => r.id_primary)).toEqual(newestFirst.slice(0, 8));
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(matching / 100); page++) {
      const res = await person.client.get(`/api/contentuser/search?contenType=all&page=${page}&page_size=100&search=zebrafish`);
      expect(res.body.count).toBe(matching);
      paged.push(...res.body.results.map((r: { id_primary: number }) => r.id_primary));
    }
    expect(paged).toEqual(newestFirst);
    expect(paged.at(-1)).toBe(best);
    const counts = await person.client.get("/api/contentuser/counts?search=zebrafish");
    expect(counts.body).toMatchObject({ articlesCount: matching, allContentCount: matching });
  });

  it("a small library still ranks every match: the best one first", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    await save(person, "https://blog.example.org/axolotl-1", "Axolotl basics");
    await save(person, "https://blog.example.org/axolotl-2", "Axolotl axolotl axolotl", { author: "Axolotl", description: "Axolotl care" });
    await save(person, "https://blog.example.org/axolotl-3", "Axolotl tanks");
    const res = await person.client.get("/api/contentuser/search?contenType=all&page_size=8&search=axolotl");
    expect(res.body.results.map((r: { title: string }) => r.title)).toEqual(["Axolotl axolotl axolotl", "Axolotl tanks", "Axolotl basics"]);
  });
});

describe("a large library is searched by its words' beginnings through exact index entries", () => {
  // A prefix query (`kube:*`) on a GIN index is a partial match: it collects the entries of every
  // person's words that start so, then keeps this person's. Each word's beginnings are kept as exact
  // entries instead (learnward_search_prefixes, up to 24 characters), so a search reads this
  // person's entries for `kube` only; the matches must stay what the prefix query finds.
  it("keeps every beginning of every word, up to 24 characters", async () => {
    const { rows } = (await t.database.db.execute(
      sql`select learnward_search_prefixes(to_tsvector('simple', 'Kube pneumonoultramicroscopicsilicovolcanoconiosis'))::text as v`,
    )) as { rows: { v: string }[] };
    expect(rows[0]!.v).toBe(
      "'k' 'ku' 'kub' 'kube' 'p' 'pn' 'pne' 'pneu' 'pneum' 'pneumo' 'pneumon' 'pneumono' 'pneumonou' 'pneumonoul' 'pneumonoult' 'pneumonoultr' 'pneumonoultra' 'pneumonoultram' 'pneumonoultrami' 'pneumonoultramic' 'pneumonoultramicr' 'pneumonoultramicro' 'pneumonoultramicros' 'pneumonoultramicrosc' 'pneumonoultramicrosco' 'pneumonoultramicroscop' 'pneumonoultramicroscopi' 'pneumonoultramicroscopic'",
    );
  });

  it("finds what a prefix finds: several words' beginnings, stems, and words longer than 24 characters", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const db = t.database.db;
    const titles: Record<number, string> = {
      1: "Pneumonoultramicroscopicsilicovolcanoconiosis explained",
      2: "Pneumonoultramicroscopicsynthetic lungs",
      3: "Running a Kubernetes cluster",
      4: "Kubernetes runs everywhere",
      5: "Cluster care",
      6: "Kubernetes cluster engineer",
      7: "The m²n ratio",
    };
    await db.execute(sql`
      insert into content_items (company_id, url, normalized_url, title, content_type)
      select (select company_id from accounts where id = ${person.id}), 'https://prefix.example/' || ${person.id} || '/' || g, 'https://prefix.example/' || ${person.id} || '/' || g,
        coalesce((${JSON.stringify(titles)}::jsonb ->> g::text), 'Other topic ' || g), case when g = 6 then 'job' else 'article' end
      from generate_series(1, ${LARGE_LIBRARY + 100}) g`);
    await db.execute(sql`
      insert into user_contents (account_id, content_id, title, url, content_type)
      select ${person.id}, c.id, c.title, c.url, c.content_type
      from content_items c where c.url like ${`https://prefix.example/${person.id}/%`} order by c.id`);
    const found = async (search: string, types = "all") => {
      const res = await person.client.get(`/api/contentuser/search?contenType=${types}&page_size=8&search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      const counts = await person.client.get(`/api/contentuser/counts?search=${encodeURIComponent(search)}`);
      expect(types === "all" ? counts.body.allContentCount : counts.body.allContentCount + counts.body.jobsCount).toBe(res.body.count);
      return (res.body.results as { title: string }[]).map((r) => r.title).sort();
    };
    // The saved job is in a library of other types: "all" leaves it out, "all,job" adds it.
    expect(await found("kube clus")).toEqual(["Running a Kubernetes cluster"]);
    expect(await found("kube clus", "all,job")).toEqual(["Kubernetes cluster engineer", "Running a Kubernetes cluster"]);
    expect(await found("clust")).toEqual(["Cluster care", "Running a Kubernetes cluster"]);
    // English stems: "runs" finds "Running" and "runs".
    expect(await found("runs")).toEqual(["Kubernetes runs everywhere", "Running a Kubernetes cluster"]);
    // Past 24 characters the beginning must still match as a whole.
    expect(await found("pneumonoultramicroscopicsilico")).toEqual(["Pneumonoultramicroscopicsilicovolcanoconiosis explained"]);
    expect(await found("pneumonoultramicroscopics")).toEqual([
      "Pneumonoultramicroscopicsilicovolcanoconiosis explained",
      "Pneumonoultramicroscopicsynthetic lungs",
    ]);
    expect(await found("pneumonoultramicroscopicsX")).toEqual([]);
    // "m²n" is a phrase of two words in every language ('m' <-> 'n'): only its stems can find it.
    expect(await found("m²n")).toEqual(["The m²n ratio"]);
  });

  it("the beginnings are an index of exact entries the planner uses", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = (await tx.execute(sql`
        explain (format json) select count(*) from user_contents where learnward_search_prefixes(search) @@ to_tsquery('simple', 'kube')`)) as {
        rows: Record<string, unknown>[];
      };
      return JSON.stringify(rows[0]);
    });
    expect(plan).toMatch(/user_contents_(account_)?prefix_idx/);
  });

  it("looks a word up once, among the beginnings, when its stems are the word itself", async () => {
    // "feedback" stems to itself in English and Spanish: every item holding the stem also holds the
    // word as a beginning, so the stems index would only find the same items again (bench data,
    // 100,000 items, "leadership": 11.7 → 9.6 ms a search). "negotiation" stems to "negoti", which
    // "negotiating" holds too: that lookup stays.
    const person = await addPerson(t, { company: "acme", role: "member" });
    const db = t.database.db;
    await db.execute(sql`
      insert into content_items (company_id, url, normalized_url, title, content_type)
      select (select company_id from accounts where id = ${person.id}), 'https://stems.example/' || g, 'https://stems.example/' || g,
        (array['Feedback that lands', 'Negotiating a raise', 'Negotiation basics'])[1 + g % 3], 'article'
      from generate_series(1, 30) g`);
    await db.execute(sql`
      insert into user_contents (account_id, content_id, title, url, content_type)
      select ${person.id}, c.id, c.title, c.url, c.content_type from content_items c where c.url like 'https://stems.example/%'`);
    /** What each index scan of the large library's match found for `term`, in everyone's libraries (the planner prefers the person's btree for 30 items): index name → rows. */
    const scans = async (term: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const { rows } = (await tx.execute(sql`explain (analyze, format json) select count(*) from user_contents where ${largeLibraryMatch(term)}`)) as {
          rows: Record<string, unknown>[];
        };
        const found: Record<string, number> = {};
        const visit = (node: Record<string, unknown>) => {
          if (node["Node Type"] === "Bitmap Index Scan") found[String(node["Index Name"])] = Number(node["Actual Rows"]);
          for (const child of (node["Plans"] as Record<string, unknown>[] | undefined) ?? []) visit(child);
        };
        const explained = rows[0]!["QUERY PLAN"];
        visit(((typeof explained === "string" ? JSON.parse(explained) : explained) as { Plan: Record<string, unknown> }[])[0]!.Plan);
        return found;
      });
    /** Rows the scan of user_contents_[account_]<index>_idx found. */
    const rowsOf = (index: "search" | "prefix") => (found: Record<string, number>) =>
      Object.entries(found).find(([name]) => new RegExp(`^user_contents_(account_)?${index}_idx$`).test(name))?.[1];
    const stems = rowsOf("search");
    const beginnings = rowsOf("prefix");
    const feedback = await scans("feedback");
    expect(beginnings(feedback)).toBeGreaterThanOrEqual(10);
    expect(stems(feedback)).toBe(0);
    const negotiation = await scans("negotiation");
    expect(stems(negotiation)).toBeGreaterThanOrEqual(20);
    expect(beginnings(negotiation)).toBeGreaterThanOrEqual(10);
  });
});

describe("the library's search indexes after a burst of saves", () => {
  // A GIN index gathers new entries in an unsorted pending list that every search reads in full
  // until it is merged (4 MB by default: about 15 ms more per search on the bench's data). The
  // library's search indexes merge theirs past 256 kB, so a burst of saves leaves at most 32 pages.
  it("leaves at most 256 kB of unmerged search entries to read through", async () => {
    const person = await addPerson(t, { company: "acme", role: "member" });
    const db = t.database.db;
    await db.execute(sql`
      insert into content_items (company_id, url, normalized_url, title, content_type, author, description)
      select (select company_id from accounts where id = ${person.id}), 'https://burst.example/' || g, 'https://burst.example/' || g,
        'Lesson ' || g || ' on ' || md5(g::text), 'article', 'Author ' || (g % 97), 'Notes ' || md5((g * 7)::text) || ' and ' || md5((g * 13)::text)
      from generate_series(1, 3000) g`);
    await db.execute(sql`
      insert into user_contents (account_id, content_id, title, url, content_type, author, description)
      select ${person.id}, c.id, c.title, c.url, c.content_type, c.author, c.description
      from content_items c where c.url like 'https://burst.example/%'`);
    const indexes = (await db.execute(sql`
      select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = 'user_contents'::regclass and a.amname = 'gin'`)) as { rows: { name: string }[] };
    expect(indexes.rows.length).toBeGreaterThan(0);
    for (const { name } of indexes.rows) {
      const { rows } = (await db.execute(sql`select gin_clean_pending_list(${name}::regclass)::int as pages`)) as { rows: { pages: number }[] };
      expect(Number(rows[0]!.pages), name).toBeLessThanOrEqual(32);
    }
  });
});
