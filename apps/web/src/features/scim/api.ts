import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's SCIM token (issue 27): hr reaches their own company's. Each answer checked against its contract.
const checkStatus = checkedBy((s) => s.ScimTokenStatus);
const checkCreated = checkedBy((s) => s.CreateScimTokenResponse);
const PATH = "/api/b2b/v1/company/scim-token/";

export const fetchScimToken = (signal?: AbortSignal) => request(PATH, { parse: checkStatus, signal });
export const createScimToken = () => request(PATH, { method: "POST", body: {}, parse: checkCreated });
