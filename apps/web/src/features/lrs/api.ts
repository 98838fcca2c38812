import type { SaveLrsForwarderRequest, SaveXapiActivityMappingRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The company's learning record store: its credentials, activity mappings and waiting statements, each answer checked against its contract.

const CREDENTIALS = "/api/b2b/v1/company/lrs-credentials";
const checkList = checkedBy((s) => s.LrsCredentialList);
const checkWithSecret = checkedBy((s) => s.LrsCredentialWithSecret);
const checkCredential = checkedBy((s) => s.LrsCredential);
const checkMappings = checkedBy((s) => s.XapiActivityMapping.array());
const checkMapping = checkedBy((s) => s.XapiActivityMapping);
const checkUnapplied = checkedBy((s) => s.XapiUnapplied);
const checkCatalog = checkedBy((s) => s.DiscoverResponse);

export const fetchLrsCredentials = (signal?: AbortSignal) => request(CREDENTIALS, { parse: checkList, signal });
export const createLrsCredential = (name: string) => request(CREDENTIALS, { method: "POST", body: { name }, parse: checkWithSecret });
export const rotateLrsCredential = (id: number) => request(`${CREDENTIALS}/${id}/rotate`, { method: "POST", parse: checkWithSecret });
export const revokeLrsCredential = (id: number) => request(`${CREDENTIALS}/${id}/revoke`, { method: "POST", parse: checkCredential });

export const fetchXapiMappings = (signal?: AbortSignal) => request("/api/b2b/v1/company/xapi-activity-mappings", { parse: checkMappings, signal });
export const saveXapiMapping = (body: SaveXapiActivityMappingRequest) =>
  request("/api/b2b/v1/company/xapi-activity-mappings", { method: "POST", body, parse: checkMapping });
export const deleteXapiMapping = (id: number) => request(`/api/b2b/v1/company/xapi-activity-mappings/${id}`, { method: "DELETE" });

export const fetchXapiUnapplied = (signal?: AbortSignal) => request("/api/b2b/v1/company/xapi-unapplied", { parse: checkUnapplied, signal });
export const retryXapiUnapplied = () => request("/api/b2b/v1/company/xapi-unapplied/retry", { method: "POST" });

/** Catalog items by what was typed, to say which one an activity is. */
export const searchCatalog = (search: string, signal?: AbortSignal) =>
  request("/api/b2b/v1/discover", { query: { search: search || undefined, kind: "content", page_size: 20 }, parse: checkCatalog, signal });

// Forwarding the company's own events to an outside LRS, and the statements that failed to get there.
const FORWARDING = "/api/b2b/v1/company/lrs-forwarding";
const checkForwarder = checkedBy((s) => s.LrsForwarder);
const checkForwardTest = checkedBy((s) => s.TestLrsForwarderResponse);
const checkForwards = checkedBy((s) => s.XapiForwardPage);
const checkRetried = checkedBy((s) => s.RetryXapiForwardsResponse);

export const fetchLrsForwarder = (signal?: AbortSignal) => request(FORWARDING, { parse: checkForwarder, signal });
export const saveLrsForwarder = (body: SaveLrsForwarderRequest) => request(FORWARDING, { method: "PUT", body, parse: checkForwarder });
export const testLrsForwarder = () => request(`${FORWARDING}/test`, { method: "POST", parse: checkForwardTest });
export const fetchFailedForwards = (page: number, signal?: AbortSignal) =>
  request(`${FORWARDING}/statements`, { query: { state: "failed", page, page_size: 20 }, parse: checkForwards, signal });
export const retryFailedForward = (id: number) => request(`${FORWARDING}/statements/${id}/retry`, { method: "POST", parse: checkRetried });
export const retryFailedForwards = () => request(`${FORWARDING}/statements/retry`, { method: "POST", parse: checkRetried });
