import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

const checkHomeResponse = checkedBy((s) => s.HomeResponse);

/** GET /api/b2b/v1/home/: my open plans, those due soon, and what I am in the middle of. */
export const fetchHome = (signal?: AbortSignal) => request("/api/b2b/v1/home/", { parse: checkHomeResponse, signal });
