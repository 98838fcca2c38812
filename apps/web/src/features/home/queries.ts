import { queryOptions } from "@tanstack/react-query";
import type { FirstData } from "../../app/firstData";
import { recommendationsOptions } from "../discover/queries";
import { homeFirstData as libraryFirstData } from "../library/queries";
import { libraryKey } from "../library/query";
import { fetchHome } from "./api";

// Under the library's key: a course started, finished or removed below the sections refreshes "Continue".
export const homeSectionsKey = [...libraryKey, "home"] as const;

/** The learner home's sections: assigned, due soon, continue (one request). */
export const homeSectionsOptions = () => queryOptions({ queryKey: homeSectionsKey, queryFn: ({ signal }) => fetchHome(signal) });

/**
 * /home first shows what needs me (my sections and Discover's recommendations for me) above my
 * library; /profile/:username, a colleague's library, only theirs.
 */
export const homeFirstData: FirstData = (at) => [
  ...(at.params.username === undefined ? [homeSectionsOptions(), recommendationsOptions()] : []),
  ...libraryFirstData(at),
];
