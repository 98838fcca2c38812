import { useQuery } from "@tanstack/react-query";
import { recommendationsOptions } from "../discover/queries";
import { homeSectionsOptions } from "./queries";

export const useHomeSections = () => useQuery(homeSectionsOptions());

/** Discover's recommendations for me, the same answer (and cache entry) /discover shows. */
export const useHomeRecommendations = () => useQuery(recommendationsOptions());
