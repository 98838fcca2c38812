import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AttachToPlanRequest, ItemPlanSkills } from "@learnward/contracts";
import { homeSectionsKey } from "../../home/queries";
import { PEOPLE } from "../../people/queries";
import { networkKeys } from "../queries";
import { attachToPlan, detachFromPlan, fetchItemPlanSkills, fetchPlanSkillOptions } from "./api";
import { storeAnswer } from "../../../lib/storeAnswer";

const planSkillsKey = (itemId: number) => ["item-plan-skills", itemId] as const;
/** What my plans' progress reads: it changes when an item starts or stops counting. */
const progressKeys = [networkKeys.myTasks, networkKeys.plans, [PEOPLE, "team-progress"], homeSectionsKey] as const;

/** The plans one item of my library counts towards, and the open ones it could. */
export function useItemPlanSkills(itemId: number) {
  return useQuery({ queryKey: planSkillsKey(itemId), queryFn: ({ signal }) => fetchItemPlanSkills(itemId, signal) });
}

/** The open plans I hold and their skills, while `enabled` (the save dialog asks once it shows the form). */
export function usePlanSkillOptions(enabled: boolean) {
  return useQuery({ queryKey: ["plan-skill-options"], queryFn: ({ signal }) => fetchPlanSkillOptions(signal), enabled });
}

/** Counts the item towards a plan's skill, or stops it; the answer is the new state, and progress is read again. */
export function useChangePlanSkill(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { attach: AttachToPlanRequest } | { detach: number }) =>
      "attach" in change ? attachToPlan(itemId, change.attach) : detachFromPlan(itemId, change.detach),
    onSuccess: async (answer: ItemPlanSkills) => {
      for (const queryKey of progressKeys) void queryClient.invalidateQueries({ queryKey });
      await storeAnswer(queryClient, planSkillsKey(itemId), answer);
    },
  });
}
