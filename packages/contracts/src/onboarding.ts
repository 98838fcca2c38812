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
  | "purchase.approved"
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
}
export interface OnboardingTopic {
  /** spec §4 topic names, also the entry `type`. */
  type: string;
  subtasks: OnboardingSubtask[];
}
export type OnboardingSet = "ldleader" | "teamleader" | "member";

const sub = (key: string, title: string, href: string, event: OnboardingEvent, steps = 2): OnboardingSubtask => ({ key, title, href, event, steps });

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
  teamleader: [
    { type: "peopleManagement", subtasks: [sub("requestInvite", "Invite someone to your team", "/peopleManagement", "invite.requested")] },
    { type: "budgetingPlan", subtasks: [sub("approvePurchase", "Decide a purchase request", "/budgetingPlan", "purchase.approved")] },
    {
      type: "collaborativeNetwork",
      subtasks: [
        sub("createCollection", "Create a collection", "/collaborative-network/library", "collection.created"),
        sub("assignPlan", "Assign an upskilling plan", "/collaborative-network/myTasks", "plan.assigned"),
      ],
    },
    { type: "marketplace", subtasks: [sub("saveContent", "Save your first content", "/home", "content.saved")] },
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
    { type: "purchaseRequests", subtasks: [sub("askPurchase", "Ask for a course to be paid", "/budgetingPlan/purchaseRequest", "purchase.requested")] },
  ],
};

/** spec §6: the ldleader set for ldleader, members their own, the teamleader set for every other role. */
export const onboardingSetFor = (role: Role): OnboardingSet => (role === "ldleader" ? "ldleader" : role === "member" ? "member" : "teamleader");
