import type { CreateAccessTokenRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// My personal access tokens' calls, each answer checked against its contract.

const checkList = checkedBy((s) => s.AccessTokenList);
const checkCreated = checkedBy((s) => s.CreateAccessTokenResponse);

export const fetchAccessTokens = (signal?: AbortSignal) => request("/api/me/access-tokens", { parse: checkList, signal });

export const createAccessToken = (body: CreateAccessTokenRequest) => request("/api/me/access-tokens", { method: "POST", body, parse: checkCreated });

export const revokeAccessToken = (id: number) => request(`/api/me/access-tokens/${id}`, { method: "DELETE" });
