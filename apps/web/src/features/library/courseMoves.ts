import type { CourseStatus } from "@learnward/contracts";
import { runCourseMoveStep as run } from "./api";

/** One call of a course move, in the order it must run. */
export type CourseMoveStep =
  | { method: "DELETE"; path: "/api/user/wishlist" | "/api/user/courses" }
  | { method: "POST"; path: "/api/user/wishlist" }
  | { method: "POST"; path: "/api/user/courses"; completed: boolean }
  | { method: "PATCH"; path: "/api/user/courses"; completed: boolean };

const isCourseEntry = (status: CourseStatus | null): status is "running" | "finalized" => status === "running" || status === "finalized";

/**
 * spec §4 Course status, as the calls that move a course from one state to another:
 * - wishlist → running/finalized: delete the wishlist entry, then create a course entry with completed;
 * - running/finalized → wishlist: delete the course entry, then create a wishlist entry;
 * - running ↔ finalized: update completed on the course entry.
 * `from` is null for a course in no state yet (e.g. a move that failed half-way).
 */
export function planCourseMove(from: CourseStatus | null, to: CourseStatus): CourseMoveStep[] {
  if (from === to) return [];
  const completed = to === "finalized";
  if (to === "wishlist") {
    return [...(isCourseEntry(from) ? [{ method: "DELETE", path: "/api/user/courses" } as const] : []), { method: "POST", path: "/api/user/wishlist" }];
  }
  if (isCourseEntry(from)) return [{ method: "PATCH", path: "/api/user/courses", completed }];
  return [
    ...(from === "wishlist" ? [{ method: "DELETE", path: "/api/user/wishlist" } as const] : []),
    { method: "POST", path: "/api/user/courses", completed },
  ];
}

/**
 * Runs a move's calls one after another (never in parallel: the second needs the first done).
 * When a later call fails after the first succeeded, the course is put back where it was, so a
 * failed move does not leave it in no list at all; the original error is rethrown.
 */
export async function moveCourse(idCourse: number, from: CourseStatus | null, to: CourseStatus): Promise<void> {
  const steps = planCourseMove(from, to);
  let done = 0;
  try {
    for (const step of steps) {
      await run(step, idCourse);
      done += 1;
    }
  } catch (error) {
    if (done > 0 && from !== null) {
      // The first call emptied the old state; re-create it.
      const restore = from === "wishlist" ? planCourseMove(null, "wishlist") : planCourseMove(null, from);
      for (const step of restore) await run(step, idCourse).catch((restoreError: unknown) => console.error("Could not restore the course", restoreError));
    }
    throw error;
  }
}
