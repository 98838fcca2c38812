import { afterEach, describe, expect, it, vi } from "vitest";
import type { CourseStatus } from "@learnward/contracts";
import { moveCourse, planCourseMove } from "./courseMoves";

afterEach(() => vi.unstubAllGlobals());

/** Records every call as "METHOD path?query body" and answers each with the next status (200 by default). */
function recordCalls(statuses: number[] = []) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)}${init?.body ? ` ${String(init.body)}` : ""}`);
    const status = statuses.shift() ?? 200;
    const body = status < 400 ? {} : { error: { code: "not_found", message: "Course entry not found" } };
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

describe("course moves (spec §4 Course status)", () => {
  it.each<[CourseStatus | null, CourseStatus, string[]]>([
    ["wishlist", "running", ["DELETE /api/user/wishlist", "POST /api/user/courses completed=false"]],
    ["wishlist", "finalized", ["DELETE /api/user/wishlist", "POST /api/user/courses completed=true"]],
    ["running", "wishlist", ["DELETE /api/user/courses", "POST /api/user/wishlist"]],
    ["finalized", "wishlist", ["DELETE /api/user/courses", "POST /api/user/wishlist"]],
    ["running", "finalized", ["PATCH /api/user/courses completed=true"]],
    ["finalized", "running", ["PATCH /api/user/courses completed=false"]],
    [null, "wishlist", ["POST /api/user/wishlist"]],
    [null, "running", ["POST /api/user/courses completed=false"]],
    ["running", "running", []],
  ])("%s → %s is %j", (from, to, expected) => {
    const steps = planCourseMove(from, to).map((step) =>
      "completed" in step ? `${step.method} ${step.path} completed=${String(step.completed)}` : `${step.method} ${step.path}`,
    );
    expect(steps).toEqual(expected);
  });

  it("deletes the wishlist entry, then creates the course entry, one after the other", async () => {
    const calls = recordCalls();
    await moveCourse(42, "wishlist", "running");
    expect(calls).toEqual([
      "DELETE /api/user/wishlist?id_course=42",
      'POST /api/user/courses {"id_course":42,"completed":false}',
    ]);
  });

  it("deletes the course entry, then creates the wishlist entry", async () => {
    const calls = recordCalls();
    await moveCourse(7, "finalized", "wishlist");
    expect(calls).toEqual(["DELETE /api/user/courses?id_course=7", 'POST /api/user/wishlist {"id_course":7}']);
  });

  it("updates completed on the course entry between running and finalized", async () => {
    const calls = recordCalls();
    await moveCourse(7, "running", "finalized");
    expect(calls).toEqual(['PATCH /api/user/courses?id_course=7 {"completed":true}']);
  });

  it("does not start the second call when the first fails", async () => {
    const calls = recordCalls([404]);
    await expect(moveCourse(42, "wishlist", "finalized")).rejects.toMatchObject({ status: 404 });
    expect(calls).toEqual(["DELETE /api/user/wishlist?id_course=42"]);
  });

  it("puts the course back on the wishlist when creating the course entry fails", async () => {
    const calls = recordCalls([200, 500]);
    await expect(moveCourse(42, "wishlist", "running")).rejects.toMatchObject({ status: 500 });
    expect(calls).toEqual([
      "DELETE /api/user/wishlist?id_course=42",
      'POST /api/user/courses {"id_course":42,"completed":false}',
      'POST /api/user/wishlist {"id_course":42}',
    ]);
  });
});
