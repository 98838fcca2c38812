import type { CreateCatalogFeedRequest } from "@learnward/contracts";
import { request } from "../../../lib/api";
import { checkedBy } from "../../../lib/contracts";

// Content supply for the company catalog: the starter catalog, and the feeds it follows. Each answer
// checked against its contract.
const checkStarter = checkedBy((s) => s.AddStarterCatalogResponse);
const checkFeed = checkedBy((s) => s.CatalogFeed);
const checkFeeds = checkedBy((s) => s.Paginated(s.CatalogFeed));

export const addStarterCatalog = (companyId: number) => request(`/api/b2b/v1/companies/${companyId}/starter-catalog/`, { method: "POST", parse: checkStarter });

/** A company follows a handful of feeds: one page holds them. */
export const fetchCatalogFeeds = (signal?: AbortSignal) => request("/api/b2b/v1/catalog-feeds/", { query: { page_size: 100 }, parse: checkFeeds, signal });

export const subscribeCatalogFeed = (body: CreateCatalogFeedRequest) => request("/api/b2b/v1/catalog-feeds/", { method: "POST", body, parse: checkFeed });

export const refreshCatalogFeed = (id: number) => request(`/api/b2b/v1/catalog-feeds/${id}/refresh/`, { method: "POST", parse: checkFeed });

export const unsubscribeCatalogFeed = (id: number) => request(`/api/b2b/v1/catalog-feeds/${id}/`, { method: "DELETE" });
