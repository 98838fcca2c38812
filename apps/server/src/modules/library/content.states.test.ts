import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@learnward/contracts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { addPerson, createCompany, type Person } from "../../../test/factories.ts";
import { saveLink } from "../../../test/library-counts.ts";

/**
 * Every saved item has a state, not only courses: articles, videos, books and podcasts the course
 * states (wishlist, running: in progress, finalized: done), a job its own (saved, applied, closed).
 * The spec's course calls keep answering as before (courses.test.ts); a move made here is announced
 * as theirs are, so a finished article counts where a finished course does.
 */
let t: TestContext;
let company: number;

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  company = (await createCompany(t)).id;
});
afterAll(() => t.close());

const person = () => addPerson(t, { company, role: "member" });
const setState = (p: Person, id: number, state: string | null) => p.client.patch(`/api/contentuser/${id}/state/`, { state });
/** The events a move announced, by name and catalog item. */
function listen() {
  const heard: string[] = [];
  const offs = (["content.wishlisted", "content.started", "content.finished"] as const).map((name) =>
    t.app.events.on(name, async (_tx, e) => void heard.push(`${name} ${e.contentId}`)),
  );
  return { heard, stop: () => offs.forEach((off) => off()) };
}

describe("states for every saved item", () => {
  it("an article goes to the wishlist, in progress and done, announced as a course's moves are", async () => {
    const me = await person();
    const article = await saveLink(me, "https://blog.example.org/states-article", "States article");
    const events = listen();
    try {
      const wished = await setState(me, article.id_primary, "wishlist");
      expect(wished.status, JSON.stringify(wished.body)).toBe(200);
      expect(wished.body).toMatchObject({ id_primary: article.id_primary, state: "wishlist", course_status: "wishlist", completed: null });
      expect((await setState(me, article.id_primary, "running")).body).toMatchObject({ state: "running", completed: false });
      expect((await setState(me, article.id_primary, "finalized")).body).toMatchObject({ state: "finalized", completed: true });
      // A repeat is no news.
      expect((await setState(me, article.id_primary, "finalized")).status).toBe(200);
    } finally {
      events.stop();
    }
    const id = article.id_content;
    expect(events.heard).toEqual([`content.wishlisted ${id}`, `content.started ${id}`, `content.finished ${id}`]);
    const done = await me.client.get("/api/contentuser/search?contenType=article&state=finalized");
    expect(done.body.results.map((r: { id_primary: number }) => r.id_primary)).toEqual([article.id_primary]);
    // Taken out of every state, it is a plain save again.
    expect((await setState(me, article.id_primary, null)).body).toMatchObject({ state: null, course_status: null, completed: null });
  });

  it("a job is saved, applied or closed, and its states are none of the spec's course states", async () => {
    const me = await person();
    const job = await saveLink(me, "https://jobs.example.org/states-engineer", "Engineer", { content_type: "job" });
    for (const state of ["saved", "applied", "closed"]) {
      const res = await setState(me, job.id_primary, state);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ state, course_status: null, completed: null });
    }
    const closed = await me.client.get("/api/contentuser/search?contenType=job&state=closed");
    expect(closed.body.results.map((r: { id_primary: number }) => r.id_primary)).toEqual([job.id_primary]);
    // No course list shows it.
    expect((await me.client.get("/api/contentuser/search?contenType=all,job&is_wishlist=true")).body.count).toBe(0);
  });

  it("a state the item's type does not take is refused with its own code, and nothing moves", async () => {
    const me = await person();
    const job = await saveLink(me, "https://jobs.example.org/states-refused", "Designer", { content_type: "job" });
    const podcast = await saveLink(me, "https://pod.example.org/states-refused", "Episode", { content_type: "podcast" });
    await setState(me, podcast.id_primary, "running");
    for (const [item, state] of [
      [job, "running"],
      [job, "finalized"],
      [podcast, "applied"],
      [podcast, "saved"],
    ] as const) {
      const res = await setState(me, item.id_primary, state);
      expect(res.status, `${state}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe("invalid_item_state");
      expect(ErrorCode.options).toContain(res.body.error.code);
    }
    const states = (await me.client.get("/api/contentuser/search?contenType=all,job")).body.results.map((r: { state: string | null }) => r.state);
    expect(states.sort()).toEqual(["running", null].sort());
    // A value that is no state at all is a malformed request.
    expect((await setState(me, podcast.id_primary, "archived")).status).toBe(400);
  });

  it("another person's item is not found, whether a colleague's or another company's, and stays as it was", async () => {
    const owner = await person();
    const colleague = await person();
    const stranger = await addPerson(t, { company: (await createCompany(t)).id, role: "member" });
    const article = await saveLink(owner, "https://blog.example.org/states-mine", "Mine");
    for (const other of [colleague, stranger]) {
      const res = await setState(other, article.id_primary, "finalized");
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const mine = await owner.client.get("/api/contentuser/search?contenType=article");
    expect(mine.body.results[0]).toMatchObject({ id_primary: article.id_primary, state: null });
  });

  it("a course moved here is where the spec's calls see it, and they move it on as before", async () => {
    const me = await person();
    const course = await saveLink(me, "https://www.coursera.org/learn/states-course", "States course");
    const events = listen();
    try {
      expect((await setState(me, course.id_primary, "running")).body).toMatchObject({ course_status: "running", completed: false, state: "running" });
      const running = await me.client.get("/api/contentuser/search?contenType=course&completed=false");
      expect(running.body.results.map((r: { id_primary: number }) => r.id_primary)).toEqual([course.id_primary]);
      const finished = await me.client.patch(`/api/user/courses?id_course=${course.id_content}`, { completed: true });
      expect(finished.body).toMatchObject({ course_status: "finalized", completed: true, state: "finalized" });
      expect((await setState(me, course.id_primary, "applied")).body.error.code).toBe("invalid_item_state");
    } finally {
      events.stop();
    }
    expect(events.heard).toEqual([`content.started ${course.id_content}`, `content.finished ${course.id_content}`]);
  });
});
