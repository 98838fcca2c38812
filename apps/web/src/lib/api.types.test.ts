// What typecheck (`tsc -p apps/web`) refuses of request(): every `@ts-expect-error` line below must
// be an error, or the compiler fails on the unused directive. The calls are only declared, never made.
import { describe, expectTypeOf, it } from "vitest";
import { request } from "./api";
import type { ApiPath } from "./apiPaths";

declare const id: number;
declare const token: string;
declare const decision: "accept" | "reject";

describe("request's types, from docs/openapi.json", () => {
  it("takes the document's paths for the method, with {param} segments filled in", () => {
    expectTypeOf<ApiPath<"/api/notifications", "GET">>().toEqualTypeOf<"/api/notifications">();
    expectTypeOf<ApiPath<`/api/notifications/${number}/read`, "POST">>().toEqualTypeOf<`/api/notifications/${number}/read`>();
    // One trailing slash, as Fastify ignores it.
    expectTypeOf<ApiPath<`/api/b2b/v1/teams/${number}/`, "PATCH">>().toEqualTypeOf<`/api/b2b/v1/teams/${number}/`>();
    // Each member of a union must be a path of the document.
    expectTypeOf<
      ApiPath<`/api/b2b/v1/publish-requests/${number}/${typeof decision}/`, "POST">
    >().toEqualTypeOf<`/api/b2b/v1/publish-requests/${number}/${typeof decision}/`>();

    const calls = () => [
      request("/api/notifications", { query: { page: 1, page_size: 10 } }),
      request(`/api/notifications/${id}/read`, { method: "POST", body: {} }),
      request(`/api/b2b/v1/invitations/${encodeURIComponent(token)}/accept/`, { method: "POST", body: { name: "Ana", password: "secret-secret" } }),
      request(`/api/b2b/v1/publish-requests/${id}/${decision}/`, { method: "POST", body: {} }),
      request("/api/auth/sign-in/email", { method: "POST", body: { email: "a@b.test", password: "x" } }),
    ];
    expectTypeOf(calls).toBeFunction();
  });

  it("refuses a path the document does not have", () => {
    const calls = () => [
      // @ts-expect-error no such path
      request("/api/notification"),
      // @ts-expect-error no such path under a {param}
      request(`/api/notifications/${id}/unread`, { method: "POST", body: {} }),
      // @ts-expect-error a {param} is one segment, not several
      request(`/api/b2b/v1/teams/${id}/${id}`),
      // @ts-expect-error a {param} is not empty
      request("/api/b2b/v1/teams//"),
      // @ts-expect-error one member of the union is not a path of the document
      request(`/api/b2b/v1/publish-requests/${id}/${decision as "accept" | "approve"}/`, { method: "POST", body: {} }),
      // @ts-expect-error any string is not a path
      request(token),
    ];
    expectTypeOf(calls).toBeFunction();
  });

  it("refuses a method the path does not have", () => {
    const calls = () => [
      // @ts-expect-error marking read is a POST, and GET is the default
      request(`/api/notifications/${id}/read`),
      // @ts-expect-error there is no DELETE of a notification
      request(`/api/notifications/${id}/read`, { method: "DELETE" }),
      // @ts-expect-error the session is only read
      request("/api/session", { method: "POST", body: {} }),
    ];
    expectTypeOf(calls).toBeFunction();
  });

  it("refuses a body or query the operation does not take", () => {
    const calls = () => [
      // @ts-expect-error a team has a name, not a title
      request("/api/b2b/v1/teams/", { method: "POST", body: { title: "Design" } }),
      // @ts-expect-error the operation requires a body
      request("/api/b2b/v1/teams/", { method: "POST" }),
      // @ts-expect-error a field of the wrong type
      request(`/api/b2b/v1/teams/${id}/`, { method: "PATCH", body: { name: 42 } }),
      // @ts-expect-error an operation without a body takes only an empty one
      request(`/api/notifications/${id}/read`, { method: "POST", body: { read: true } }),
      // @ts-expect-error no such query parameter
      request("/api/notifications", { query: { pageSize: 10 } }),
      // @ts-expect-error better-auth's sign-in takes an email and a password
      request("/api/auth/sign-in/email", { method: "POST", body: { username: "a", password: "x" } }),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});
