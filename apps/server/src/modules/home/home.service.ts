import { HOME_DUE_SOON_DAYS, HOME_SECTION_SIZE, type HomeResponse } from "@learnward/contracts";
import { presentContent } from "../library/index.ts";
import type { PlansService } from "../network/index.ts";
import type { HomeRepo } from "./home.repo.ts";
import type { Clock } from "../../lib/clock.ts";

type MyTask = HomeResponse["assigned"]["results"][number];

const DAY_MS = 24 * 60 * 60 * 1000;
const dateOn = (at: Date) => at.toISOString().slice(0, 10);
const section = <T>(all: T[]) => ({ count: all.length, results: all.slice(0, HOME_SECTION_SIZE) });

/** What needs a person, in the sections of the learner home. */
export function createHomeService(d: { repo: HomeRepo; plans: Pick<PlansService, "plansOf">; clock: Clock }) {
  return {
    async of(accountId: number, now = d.clock.now()): Promise<HomeResponse> {
      const [held, continuing] = await Promise.all([d.plans.plansOf([accountId]), d.repo.inProgress(accountId, HOME_SECTION_SIZE)]);
      // Open plans only: a completed plan needs nothing more, a declined one was answered.
      const open: MyTask[] = held(accountId)
        .filter((h) => h.status === "pending" || h.status === "active")
        .map(({ plan, status, overdue, progress }) => ({ plan, status, overdue, progress }))
        .sort((a, b) => a.plan.deadline.localeCompare(b.plan.deadline) || a.plan.id - b.plan.id);
      // Deadlines are dates: due soon up to and including the window's last day. Overdue plans have
      // the earliest deadlines, so sorting by deadline puts them first.
      const horizon = dateOn(new Date(now.getTime() + HOME_DUE_SOON_DAYS * DAY_MS));
      return {
        assigned: section(open),
        due_soon: section(open.filter((t) => t.overdue || t.plan.deadline <= horizon)),
        continue: { count: continuing.count, results: continuing.rows.map(presentContent) },
      };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
