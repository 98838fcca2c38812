import { onboardingTopicsFor, peopleAccountAbilities, type OnboardingEntry, type OnboardingSubtask, type Role } from "@learnward/contracts";

export interface SubtaskState extends OnboardingSubtask {
  type: string;
  ready: boolean;
}
export interface TopicState {
  type: string;
  subtasks: SubtaskState[];
  /** spec §4: the number of ready subtasks. */
  currentStep: number;
  completed: boolean;
}

/** spec §6: for a team leader (whose people area is their own team), links to /peopleManagement go to their team's page. */
export function hrefFor(href: string, role: Role, teamId: number | null): string {
  return peopleAccountAbilities({ role, teamId }).see_own_team &&
    teamId !== null &&
    href.startsWith("/peopleManagement") &&
    !href.startsWith("/peopleManagement/")
    ? `/peopleManagement/team/${teamId}`
    : href;
}

/**
 * spec §4: a subtask is ready when an entry has its type and title; a topic is complete when all are.
 * The role's set holds only the subtasks the server lets this person do (contracts' onboardingTopicsFor).
 */
export function onboardingProgress(role: Role, teamId: number | null, entries: readonly OnboardingEntry[]) {
  const ready = new Set(entries.filter((e) => e.ready).map((e) => `${e.type}\u0000${e.title}`));
  const topics: TopicState[] = onboardingTopicsFor(role, teamId).map((topic) => {
    const subtasks = topic.subtasks.map((s) => ({
      ...s,
      href: hrefFor(s.href, role, teamId),
      type: topic.type,
      ready: ready.has(`${topic.type}\u0000${s.title}`),
    }));
    const currentStep = subtasks.filter((s) => s.ready).length;
    return { type: topic.type, subtasks, currentStep, completed: currentStep === subtasks.length };
  });
  return { topics, complete: topics.every((t) => t.completed) };
}

/** spec §4: choosing a subtask keeps it as the redo item if it is already ready, otherwise clears it. */
export const redoAfterChoosing = (s: SubtaskState): SubtaskState | null => (s.ready ? s : null);

/** spec §4: the redo item is cleared on a route change to a path that does not contain its href. */
export const keepsRedo = (redo: SubtaskState | null, pathname: string) => redo !== null && pathname.includes(redo.href);
