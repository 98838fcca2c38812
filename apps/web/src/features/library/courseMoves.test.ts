import { afterEach, describe, expect, it, vi } from "vitest";
import type { CourseStatus } from "@learnward/contracts";
import { serveFetch } from "../../test/fetch";
import { moveCourse, planCourseMove } from "./courseMoves";

afterEach(() => vi.unstubAllGlobals());

type CourseRoute = "DELETE /api/user/wishlist" | "POST /api/user/wishlist" | "DELETE /api/user/courses" | "POST /api/user/courses" | "PATCH /api/user/courses";
const ROUTES: CourseRoute[] = [
  "DELETE /api/user/wishlist",
  "POST /api/user/wishlist",
  "DELETE /api/user/courses",
  "POST /api/user/courses",
  "PATCH /api/user/courses",
];

/** The course and wishlist routes on the shared stub, each answering 200 but those told to fail; returns every call in order. */
function serveCourses(failing: Partial<Record<CourseRoute, number>> = {}) {
  const routes = Object.fromEntries(
    ROUTES.map((route) => {
      const status = failing[route];
      return [route, status ? { status, body: { error: { code: "not_found", message: "Course entry not found" } } } : { body: {} }];
    }),
  );
  return serveFetch(routes).calls;
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
    const calls = serveCourses();
    await moveCourse(42, "wishlist", "running");
    expect(calls()).toEqual([
      { call: "DELETE /api/user/wishlist?id_course=42", body: undefined },
      { call: "POST /api/user/courses", body: { id_course: 42, completed: false } },
    ]);
  });

  it("deletes the course entry, then creates the wishlist entry", async () => {
    const calls = serveCourses();
    await moveCourse(7, "finalized", "wishlist");
    expect(calls()).toEqual([
      { call: "DELETE /api/user/courses?id_course=7", body: undefined },
      { call: "POST /api/user/wishlist", body: { id_course: 7 } },
    ]);
  });

  it("updates completed on the course entry between running and finalized", async () => {
    const calls = serveCourses();
    await moveCourse(7, "running", "finalized");
    expect(calls()).toEqual([{ call: "PATCH /api/user/courses?id_course=7", body: { completed: true } }]);
  });

  it("does not start the second call when the first fails", async () => {
    const calls = serveCourses({ "DELETE /api/user/wishlist": 404 });
    await expect(moveCourse(42, "wishlist", "finalized")).rejects.toMatchObject({ status: 404 });
    expect(calls()).toEqual([{ call: "DELETE /api/user/wishlist?id_course=42", body: undefined }]);
  });

  it("puts the course back on the wishlist when creating the course entry fails", async () => {
    const calls = serveCourses({ "POST /api/user/courses": 500 });
    await expect(moveCourse(42, "wishlist", "running")).rejects.toMatchObject({ status: 500 });
    expect(calls()).toEqual([
      { call: "DELETE /api/user/wishlist?id_course=42", body: undefined },
      { call: "POST /api/user/courses", body: { id_course: 42, completed: false } },
      { call: "POST /api/user/wishlist", body: { id_course: 42 } },
    ]);
  });
});
