import type { AttachToPlanRequest } from "@learnward/contracts";
import { request } from "../../../lib/api";
import { checkedBy } from "../../../lib/contracts";

// Where one item of my library counts towards my plans: each answer checked against its contract.

const checkPlanSkills = checkedBy((s) => s.ItemPlanSkills);
const checkOptions = checkedBy((s) => s.ItemPlanSkills.shape.options);

/** The open plans I hold and their skills: where an item may count before it is saved. */
export const fetchPlanSkillOptions = (signal?: AbortSignal) => request("/api/contentuser/plan-skills", { parse: checkOptions, signal });

export const fetchItemPlanSkills = (itemId: number, signal?: AbortSignal) =>
  request(`/api/contentuser/${itemId}/plan-skills`, { parse: checkPlanSkills, signal });

export const attachToPlan = (itemId: number, body: AttachToPlanRequest) =>
  request(`/api/contentuser/${itemId}/plan-skills`, { method: "PUT", body, parse: checkPlanSkills });

export const detachFromPlan = (itemId: number, planId: number) =>
  request(`/api/contentuser/${itemId}/plan-skills/${planId}`, { method: "DELETE", parse: checkPlanSkills });
