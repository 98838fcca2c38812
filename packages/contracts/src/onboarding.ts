import type { Role } from "./identity.ts";

/** What a person does that completes an onboarding subtask; the server records it when it happens. */
export type OnboardingEvent =
  | "content.saved"
  | "wishlist.added"
  | "plan.accepted"
  | "item.done"
  | "path.followed"
  | "collection.created"
  | "purchase.requested"
  | "invite.requested"
  | "invitation.sent"
  | "invite.decided"
  | "team.created"
  | "company.created"
  | "purchase.decided"
  | "plan.assigned"
  | "budget.set"
  | "budget.allocated"
  | "collection.published";

export interface OnboardingSubtask {
  /** i18n key under onboarding:subtasks; also the stable id of the subtask. */
  key: string;
  /** spec §4: ready when the server lists an entry with the same type (topic) and this title. */
  title: string;
  /** Where the subtask is done; for team leaders /peopleManagement becomes their team page. */
  href: string;
  event: OnboardingEvent;
  /** Number of child steps (title and description in onboarding:subtasks.<key>.steps.<n>). */
  steps: number;
  /** Who of the set sees it: the roles the server lets do it (every role of the set when absent). */
  roles?: readonly Role[];
  /** Only for someone in a team: the server refuses it to the rest (requests are paid from a team's budget). */
  needsTeam?: boolean;
}
export interface OnboardingTopic {
  /** spec §4 topic names, also the entry `type`. */
  type: string;
  subtasks: OnboardingSubtask[];
}
export type OnboardingSet = "ldleader" | "teamleader" | "member";

const sub = (key: string, title: string, href: string, event: OnboardingEvent, roles?: readonly Role[], needsTeam?: boolean): OnboardingSubtask => ({
  key,
  title,
  href,
  event,
  steps: 2,
  ...(roles ? { roles } : {}),
  ...(needsTeam ? { needsTeam } : {}),
});

/** spec §4: the topics of each role's first week. */
export const ONBOARDING_TOPICS: Record<OnboardingSet, OnboardingTopic[]> = {
  ldleader: [
    { type: "peopleManagement", subtasks: [sub("assignPlan", "Assign an upskilling plan", "/collaborative-network/myTasks", "plan.assigned")] },
    {
      type: "budgetingPlan",
      subtasks: [
        sub("setBudget", "Set the company budget", "/budgetingPlan/companyBudget", "budget.set"),
        sub("allocateBudget", "Allocate budget to a team", "/budgetingPlan/companyBudget", "budget.allocated"),
      ],
    },
    {
      type: "collaborativeNetwork",
      subtasks: [
        sub("createCollection", "Create a collection", "/collaborative-network/library", "collection.created"),
        sub("publishCollection", "Publish a collection to the library", "/collaborative-network/publishRequest", "collection.published"),
      ],
    },
    { type: "marketplace", subtasks: [sub("saveContent", "Save your first content", "/home", "content.saved")] },
  ],
  // Also hr's and the platform operator's (spec §6); each sees only what the server lets them do.
  teamleader: [
    {
      type: "peopleManagement",
      subtasks: [
        sub("requestInvite", "Invite someone to your team", "/peopleManagement", "invite.requested", ["teamleader"], true),
        sub("invitePerson", "Invite someone to the company", "/peopleManagement", "invitation.sent", ["hr"]),
        sub("decideInvite", "Decide an invite request", "/peopleManagement", "invite.decided", ["hr"]),
        sub("createTeam", "Create a team", "/peopleManagement", "team.created", ["hr"]),
        sub("createCompany", "Add a company", "/admin", "company.created", ["admin"]),
        sub("inviteFirstPerson", "Invite a company's first person", "/admin", "invitation.sent", ["admin"]),
      ],
    },
    { type: "budgetingPlan", subtasks: [sub("approvePurchase", "Decide a purchase request", "/budgetingPlan", "purchase.decided", ["teamleader"], true)] },
    {
      type: "collaborativeNetwork",
      subtasks: [
        sub("createCollection", "Create a collection", "/collaborative-network/library", "collection.created", ["teamleader", "hr"]),
        sub("assignPlan", "Assign an upskilling plan", "/collaborative-network/myTasks", "plan.assigned", ["teamleader"], true),
        sub("followPath", "Follow a learning path", "/collaborative-network", "path.followed", ["hr"]),
      ],
    },
    { type: "marketplace", subtasks: [sub("saveContent", "Save your first content", "/home", "content.saved", ["teamleader", "hr"])] },
  ],
  member: [
    {
      type: "discover",
      subtasks: [
        sub("saveContent", "Save your first content", "/home", "content.saved"),
        sub("addToWishlist", "Add a course to your wishlist", "/home", "wishlist.added"),
      ],
    },
    {
      type: "mytasks",
      subtasks: [
        sub("acceptPlan", "Start an upskilling plan", "/collaborative-network/myTasks", "plan.accepted"),
        sub("finishItem", "Finish an item of a learning path", "/collaborative-network", "item.done"),
      ],
    },
    {
      type: "learningPaths",
      subtasks: [
        sub("followPath", "Follow a learning path", "/collaborative-network", "path.followed"),
        sub("createCollection", "Create a collection", "/collaborative-network/library", "collection.created"),
      ],
    },
    {
      type: "purchaseRequests",
      subtasks: [sub("askPurchase", "Ask for a course to be paid", "/budgetingPlan/purchaseRequest", "purchase.requested", undefined, true)],
    },
  ],
};

/** spec §6: the ldleader set for ldleader, members their own, the teamleader set for every other role. */
export const onboardingSetFor = (role: Role): OnboardingSet => (role === "ldleader" ? "ldleader" : role === "member" ? "member" : "teamleader");

/**
 * The checklist a role works through: its set's topics with only the subtasks the role may do
 * (the server refuses the rest: other roles' actions, team actions without a team), and without a
 * topic left with none (hr decides no purchase requests).
 */
export function onboardingTopicsFor(role: Role, teamId: number | null): OnboardingTopic[] {
  const may = (s: OnboardingSubtask) => (!s.roles || s.roles.includes(role)) && (!s.needsTeam || teamId !== null);
  return ONBOARDING_TOPICS[onboardingSetFor(role)]
    .map((topic) => ({ ...topic, subtasks: topic.subtasks.filter(may) }))
    .filter((topic) => topic.subtasks.length > 0);
}
