/**
 * The API as lib/api's request() may call it, in types only: the operations of docs/openapi.json
 * (openapi.gen.ts, generated from it) and better-auth's endpoints, which the document does not
 * describe. A path that is not there for its method, a body field the operation does not take or a
 * query parameter it does not read fails typecheck here rather than in the browser.
 */
import type { SignInRequest, SignUpRequest } from "@learnward/contracts";
import type { paths } from "./openapi.gen";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A POST with this JSON body, in openapi-typescript's shape. */
interface AuthPost<Body> {
  post: { parameters: { query?: never }; requestBody: { content: { "application/json": Body } } };
}

/**
 * better-auth's endpoints the web app calls (mounted at /api/auth by the identity and sso modules),
 * written by hand: they are not Fastify routes, so the document generated from the route schemas
 * does not have them.
 */
interface AuthPaths {
  "/api/auth/sign-in/email": AuthPost<SignInRequest>;
  "/api/auth/sign-up/email": AuthPost<SignUpRequest>;
  "/api/auth/sign-out": AuthPost<Record<string, never>>;
  "/api/auth/change-password": AuthPost<{ currentPassword: string; newPassword: string }>;
  "/api/auth/request-password-reset": AuthPost<{ email: string; redirectTo: string }>;
  "/api/auth/reset-password": AuthPost<{ token: string; newPassword: string }>;
  "/api/auth/two-factor/enable": AuthPost<{ password: string }>;
  "/api/auth/two-factor/disable": AuthPost<{ password: string }>;
  "/api/auth/two-factor/generate-backup-codes": AuthPost<{ password: string }>;
  "/api/auth/two-factor/verify-totp": AuthPost<{ code: string; trustDevice?: boolean }>;
  "/api/auth/two-factor/verify-backup-code": AuthPost<{ code: string; trustDevice?: boolean }>;
  // The web app writes this one's query into the path itself (encodeURIComponent), so it is matched as a path.
  "/api/auth/sso/link?token={token}": { get: { parameters: { query?: never } } };
  "/api/auth/sso/link/confirm": AuthPost<{ token: string }>;
  "/api/auth/sso/link/decline": AuthPost<{ token: string }>;
}

type Api = paths & AuthPaths;
type Template = keyof Api & string;

/** The document's paths that have an operation for this method. */
type TemplatesFor<M extends Method> = { [K in Template]: Api[K] extends { [m in Lowercase<M>]: object } ? K : never }[Template];

type Split<S extends string> = S extends `${infer Head}/${infer Rest}` ? [Head, ...Split<Rest>] : [S];
// The server ignores one trailing slash (Fastify's ignoreTrailingSlash), and many calls send one.
type TrimSlash<S extends string> = S extends `${infer Rest}/` ? (Rest extends "" ? S : Rest) : S;

/**
 * One segment of a called path against one of a template: `{param}` takes anything but nothing
 * (a number, or a string such as an encoded domain), and the rest must be equal. A union of segments
 * matches only if each of them does.
 */
type SegmentMatches<Given extends string, Template extends string> = Template extends `${infer Before}{${string}}${infer After}`
  ? string extends Given
    ? true
    : Given extends `${Before}${infer Param}${After}`
      ? Param extends ""
        ? false
        : true
      : false
  : Given extends Template
    ? true
    : false;

type SegmentsMatch<Given extends string[], Template extends string[]> = Given extends [infer G extends string, ...infer GRest extends string[]]
  ? Template extends [infer T extends string, ...infer TRest extends string[]]
    ? [SegmentMatches<G, T>] extends [true]
      ? SegmentsMatch<GRest, TRest>
      : false
    : false
  : Template extends []
    ? true
    : false;

/** The templates of this method that a called path (one string type, not a union) fits. */
type TemplatesOf<S extends string, M extends Method> = {
  [K in TemplatesFor<M>]: SegmentsMatch<Split<TrimSlash<S>>, Split<K>> extends true ? K : never;
}[TemplatesFor<M>];

/** Each member of a union of paths (`/x/${id}/${"accept" | "reject"}`) must fit some template. */
type Unmatched<S extends string, M extends Method> = S extends string ? ([TemplatesOf<S, M>] extends [never] ? S : never) : never;

/**
 * What a path must be for `request`: itself when the document has it for the method. Otherwise the
 * document's paths for that method as written there (`/api/x/{id}`), so the error lists them and no
 * called path fits one by accident.
 */
export type ApiPath<S extends string, M extends Method> = [Unmatched<S, M>] extends [never] ? S : `${TemplatesFor<M>}`;

type Operation<S extends string, M extends Method> = S extends string
  ? { [K in TemplatesOf<S, M>]: Api[K][Lowercase<M> & keyof Api[K]] }[TemplatesOf<S, M>]
  : never;

// Distributive, so that an operation without a body (`requestBody?: never`) has none.
type JsonOf<B> = B extends { content: { "application/json": infer J } } ? J : never;
type JsonBody<Op> = Op extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/**
 * `body` as the operation has it: its JSON body, required where the document requires one (the
 * server refuses the call without it); an operation that takes none may still be sent an empty
 * object, as calls do where Fastify wants a body with the JSON content type.
 */
export type ApiBody<S extends string, M extends Method> = [JsonBody<Operation<S, M>>] extends [never]
  ? { body?: Record<string, never> }
  : Operation<S, M> extends { requestBody: object }
    ? { body: JsonBody<Operation<S, M>> }
    : { body?: JsonBody<Operation<S, M>> };

/** A body as the document has it for one of its paths (`/api/x/{id}`) and methods, for the functions that pass one on. */
export type OperationBody<K extends Template, M extends Method> = JsonBody<Api[K][Lowercase<M> & keyof Api[K]]>;

type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * A query value is sent as its String(): a parameter the server reads as "true" or "false" takes a
 * boolean. One left undefined (where the parameter is optional) is not sent.
 */
type QueryValue<V> = V | (V extends "true" | "false" ? boolean : never);

/** The operation's query parameters. */
export type ApiQuery<S extends string, M extends Method> = [QueryOf<Operation<S, M>>] extends [never]
  ? never
  : { [K in keyof QueryOf<Operation<S, M>>]: QueryValue<QueryOf<Operation<S, M>>[K]> };
