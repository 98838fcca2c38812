import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { contentItems, contentTexts, userContents } from "../../db/schema/index.ts";

// The search of page texts: the person's items by the words of the text they read, newest first,
// with their total, with every rule of whose text a person reads, and whatever was written since.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

const WORD = "nebulaword";

/**
 * `count` public articles and videos of the company saved by `owner` (the first one privately), each
 * with a shared page text holding WORD, and `others` saved items whose texts don't hold it.
 */
async function savedPages(company: number, owner: Person, count: number, others = 0) {
  await t.database.db.execute(sql`
    with items as (
      insert into content_items (company_id, url, normalized_url, title, content_type)
      select ${company}, 'https://pages.example/' || g, 'https://pages.example/' || g, 'Page ' || g, (array['article','video'])[1 + g % 2]
      from generate_series(1, ${count + others}) g returning id, url, title, content_type),
    copies as (
      insert into user_contents (account_id, content_id, title, url, content_type, is_private)
      select ${owner.id}, id, title, url, content_type, url = 'https://pages.example/1' from items returning content_id)
    insert into content_texts (content_id, company_id, account_id, shared, source_url, text, word_count)
    select id, ${company}, ${owner.id}, true, url,
      case when substr(url, 23)::int <= ${count} then 'A page about the ' || ${WORD} || ' and the rest.' else 'A page about nothing.' end, 7
    from items`);
}

/** An item of the company with a page text `text` kept by `reader` (shared or their own), and the copies of it `savers` keep. */
async function itemWithText(
  company: number,
  o: { title: string; privateOrigin?: boolean; reader: Person; shared: boolean; text: string },
  ...savers: { person: Person; isPrivate: boolean }[]
) {
  const url = `https://other.example/${encodeURIComponent(o.title)}`;
  const db = t.database.db;
  const [item] = await db
    .insert(contentItems)
    .values({ companyId: company, url, normalizedUrl: url, title: o.title, contentType: "article", privateOrigin: o.privateOrigin ?? false })
    .returning({ id: contentItems.id });
  for (const s of savers)
    await db.insert(userContents).values({ accountId: s.person.id, contentId: item!.id, title: o.title, url, contentType: "article", isPrivate: s.isPrivate });
  await db
    .insert(contentTexts)
    .values({ contentId: item!.id, companyId: company, accountId: o.reader.id, shared: o.shared, sourceUrl: url, text: o.text, wordCount: 5 });
  return item!.id;
}

async function textSearch(p: Person, query: string) {
  const res = await p.client.get(`/api/contentuser/search?search=${WORD}&in=text&${query}`);
  expect(res.status).toBe(200);
  return res.body as { count: number; results: { id_primary: number; title: string; matched_in_text: boolean }[] };
}

describe("a search of page texts", () => {
  it("finds the person's items by the text they read, newest first, with their total", async () => {
    const [pages, others] = [12, 10];
    const company = (await createCompany(t)).id;
    const [me, colleague] = await Promise.all([addPerson(t, { company, role: "member" }), addPerson(t, { company, role: "member" })]);
    await savedPages(company, me, pages, others);
    // A colleague's private read of a private item I saved too: theirs alone.
    await itemWithText(
      company,
      { title: "Their private read", privateOrigin: true, reader: colleague, shared: false, text: `Secret ${WORD} plans.` },
      { person: colleague, isPrivate: true },
      { person: me, isPrivate: false },
    );
    // My own read of an item wins over the company's shared text, which alone holds the word.
    const mine = await itemWithText(
      company,
      { title: "My own read", reader: me, shared: false, text: "Nothing of the word here." },
      { person: me, isPrivate: false },
    );
    await t.database.db.insert(contentTexts).values({
      contentId: mine,
      companyId: company,
      accountId: colleague.id,
      shared: true,
      sourceUrl: "https://other.example/shared",
      text: `The shared ${WORD} text.`,
      wordCount: 4,
    });
    // A colleague's shared read of an item public in the catalog lends its text to my private copy;
    // of an item that came in privately and is public nowhere, it lends my private copy nothing.
    const lent = await itemWithText(
      company,
      { title: "Lent to my private copy", reader: colleague, shared: true, text: `A lent ${WORD} page.` },
      { person: me, isPrivate: true },
    );
    await itemWithText(
      company,
      { title: "Kept from my private copy", privateOrigin: true, reader: colleague, shared: true, text: `A kept ${WORD} page.` },
      { person: colleague, isPrivate: true },
      { person: me, isPrivate: true },
    );
    // A match in the title is the search's own, never repeated among the text matches.
    await itemWithText(company, { title: `The ${WORD} title`, reader: me, shared: true, text: `Again ${WORD}.` }, { person: me, isPrivate: false });
    // Another company's page with the word, saved by nobody here.
    const elsewhere = (await createCompany(t)).id;
    await savedPages(elsewhere, await addPerson(t, { company: elsewhere, role: "member" }), 3);

    const newest = (
      await t.database.db
        .select({ id: userContents.id })
        .from(userContents)
        .innerJoin(contentTexts, eq(contentTexts.contentId, userContents.contentId))
        .where(
          and(
            eq(userContents.accountId, me.id),
            like(contentTexts.text, `%${WORD}%`),
            or(like(userContents.url, "https://pages.example/%"), eq(userContents.contentId, lent)),
          ),
        )
        .orderBy(desc(userContents.id))
    ).map((r) => r.id);
    expect(newest).toHaveLength(pages + 1);

    const first = await textSearch(me, "contenType=all&page_size=5&page=1");
    expect(first.count).toBe(pages + 1);
    expect(first.results.map((r) => r.id_primary)).toEqual(newest.slice(0, 5));
    expect(first.results.every((r) => r.matched_in_text)).toBe(true);
    const second = await textSearch(me, "contenType=all&page_size=5&page=2");
    expect(second.results.map((r) => r.id_primary)).toEqual(newest.slice(5, 10));
    // A page past the end still says how many there are.
    expect(await textSearch(me, `contenType=all&page_size=5&page=${Math.ceil((pages + 1) / 5) + 1}`)).toMatchObject({ count: pages + 1, results: [] });
    // One tab's list: the videos alone (the even pages).
    expect((await textSearch(me, "contenType=video&page_size=100")).count).toBe(Math.floor(pages / 2));
    expect((await textSearch(me, "contenType=article&page_size=100")).results.map((r) => r.title)).toContain("Lent to my private copy");

    // A colleague looking at my library sees my public saves only (the first page is private).
    const asColleague = await textSearch(colleague, `contenType=all&page_size=5&username=${me.username}`);
    expect(asColleague.count).toBe(pages - 1);
    // The colleague's own search finds their reads, private and shared, and not my pages they never saved.
    expect((await textSearch(colleague, "contenType=all")).results.map((r) => r.title)).toEqual(["Kept from my private copy", "Their private read"]);
  });

  it("follows every write to the copies and to the texts", async () => {
    const company = (await createCompany(t)).id;
    const [me, colleague] = await Promise.all([addPerson(t, { company, role: "member" }), addPerson(t, { company, role: "member" })]);
    const db = t.database.db;
    const found = async (query = "contenType=all") => (await textSearch(me, query)).results.map((r) => r.title);
    // Saved before its page was read: nothing to find yet.
    const item = await itemWithText(company, { title: "Read later", reader: colleague, shared: true, text: "Nothing yet." }, { person: me, isPrivate: false });
    expect(await found()).toEqual([]);
    // The page read again (the job's re-read) now holds the word.
    const shared = eq(contentTexts.contentId, item);
    await db
      .update(contentTexts)
      .set({ text: `Now about the ${WORD}.` })
      .where(shared);
    expect(await found()).toEqual(["Read later"]);
    // My copy's list columns: it moves from the articles to the videos.
    const [copy] = await db
      .update(userContents)
      .set({ contentType: "video" })
      .where(and(eq(userContents.accountId, me.id), eq(userContents.contentId, item)))
      .returning({ id: userContents.id });
    expect(await found("contenType=article")).toEqual([]);
    expect(await found("contenType=video")).toEqual(["Read later"]);
    // My own read of the page, without the word, is the text I read from then on; gone, the shared one is again.
    const [own] = await db
      .insert(contentTexts)
      .values({
        contentId: item,
        companyId: company,
        accountId: me.id,
        shared: false,
        sourceUrl: "https://other.example/own",
        text: "My own read.",
        wordCount: 3,
      })
      .returning({ id: contentTexts.id });
    expect(await found()).toEqual([]);
    await db.delete(contentTexts).where(eq(contentTexts.id, own!.id));
    expect(await found()).toEqual(["Read later"]);
    // A copy saved after the page was read finds it at once; a deleted copy is found no more.
    const later = await addPerson(t, { company, role: "member" });
    await db
      .insert(userContents)
      .values({ accountId: later.id, contentId: item, title: "Saved after", url: "https://other.example/after", contentType: "article" });
    expect((await textSearch(later, "contenType=all")).results.map((r) => r.title)).toEqual(["Saved after"]);
    await db.delete(userContents).where(eq(userContents.id, copy!.id));
    expect(await found()).toEqual([]);
    // The company's text gone, nobody reads it.
    await db.delete(contentTexts).where(shared);
    expect((await textSearch(later, "contenType=all")).count).toBe(0);
  });
});
