import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, type Handler, html, startFixtureServer } from "../../../test/fixtures/fixture-server.ts";
import { decorateActor } from "../../lib/actor.ts";
import { unauthenticated } from "../../lib/errors.ts";
import { createSafeFetch, safeFetch, type SafeFetch } from "../../lib/safe-fetch.ts";
import errorsPlugin from "../../plugins/errors.ts";
import openapiPlugin from "../../plugins/openapi.ts";
import { imageRoutes } from "./image.routes.ts";
import { createImageService } from "./image.service.ts";

const image =
  (body: Buffer, type: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": type });
    res.end(body);
  };

/** Our route and the errors plugin on a bare Fastify; `x-test-actor` stands in for a session. */
async function buildImageApp(fetch: SafeFetch, cacheDir: string, cacheMaxBytes?: number) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  decorateActor(app);
  app.addHook("preHandler", async (req) => {
    if (req.routeOptions.config.access === "public") return;
    if (!req.headers["x-test-actor"]) throw unauthenticated();
    req.checkedActor = { uid: "u1", accountId: 1, email: "member@acme.test", role: "member", companyId: 1, teamId: null, twoFactorPending: false };
  });
  await app.register(imageRoutes, { service: createImageService({ cacheDir, fetch, cacheMaxBytes }) });
  await app.ready();
  return app;
}

type App = Awaited<ReturnType<typeof buildImageApp>>;

describe("GET /api/image", () => {
  let server: FixtureServer;
  let cacheDir: string;
  let fetch: SafeFetch;
  let app: App;

  const get = (query: string, headers: Record<string, string> = {}, on: App = app) =>
    on.inject({ method: "GET", url: `/api/image?${query}`, headers: { "x-test-actor": "member", ...headers } });
  const src = (p: string) => `imageUrl=${encodeURIComponent(server.url(p))}`;

  beforeAll(async () => {
    const solid = (width: number, height: number, alpha = 1) => sharp({ create: { width, height, channels: 4, background: { r: 40, g: 120, b: 200, alpha } } });
    server = await startFixtureServer({
      "/photo.png": image(await solid(1000, 500).png().toBuffer(), "image/png"),
      "/photo.jpg": image(await solid(1200, 800).jpeg().toBuffer(), "image/jpeg"),
      "/photo.webp": image(await solid(800, 400, 0.5).webp().toBuffer(), "image/webp"),
      "/anim.gif": image(await solid(50, 50).gif().toBuffer(), "image/gif"),
      "/small.png": image(await solid(100, 50).png().toBuffer(), "image/png"),
      "/strip.png": image(await solid(9000, 10).png().toBuffer(), "image/png"),
      "/cached.png": image(await solid(700, 700).png().toBuffer(), "image/png"),
      "/octet": image(await solid(300, 300).jpeg().toBuffer(), "application/octet-stream"),
      "/page.html": html("<html><body>not an image</body></html>"),
    });
    cacheDir = await mkdtemp(path.join(os.tmpdir(), "lw-image-cache-"));
    const port = server.port;
    fetch = createSafeFetch({ allowAddress: (ip, p) => ip === "127.0.0.1" && p === port });
    app = await buildImageApp(fetch, cacheDir);
  });
  afterAll(async () => {
    await app.close();
    await server.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it("refuses callers who are not signed in", async () => {
    const res = await app.inject({ method: "GET", url: `/api/image?${src("/photo.png")}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthenticated");
  });

  it.each([
    ["w=500", "w"],
    ["w=abc", "w"],
    ["w=641", "w"],
    ["w=640.5", "w"],
    ["course_id=abc", "course_id"],
    ["course_id=-1", "course_id"],
  ])("answers 400 to %s", async (extra, field) => {
    const res = await get(`${src("/photo.png")}&${extra}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "validation_error", details: [expect.objectContaining({ path: `querystring.${field}` })] });
  });

  it.each(["", "imageUrl=", "imageUrl=data%3Aimage%2Fpng%3Bbase64%2CiVBORw0KGgo%3D", "imageUrl=ftp%3A%2F%2Fexample.com%2Fa.png", "imageUrl=not%20a%20url"])(
    "answers 400 to the query %j",
    async (query) => {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_error");
    },
  );

  it("answers AVIF to a browser that accepts it, resized to the default 640 px", async () => {
    const res = await get(src("/photo.png"), { accept: "image/avif,image/webp,image/apng,*/*;q=0.8" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect(res.rawPayload.subarray(4, 12).toString("latin1")).toBe("ftypavif");
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["heif", 640, 320]);
  });

  it("answers WebP when AVIF is not accepted", async () => {
    const res = await get(`${src("/photo.jpg")}&w=1080`, { accept: "image/webp,*/*" });
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1080);
  });

  it.each([
    ["/photo.jpg", "image/jpeg", "jpeg"],
    ["/photo.png", "image/png", "png"],
    ["/anim.gif", "image/png", "png"],
    ["/photo.webp", "image/jpeg", "jpeg"],
    ["/octet", "image/jpeg", "jpeg"],
  ])("keeps %s in its original format or falls back to JPEG (%s)", async (p, type, format) => {
    const res = await get(`${src(p)}&w=48`, { accept: "image/webp;q=0, */*" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(type);
    expect((await sharp(res.rawPayload).metadata()).format).toBe(format);
  });

  it("resizes to small widths and never enlarges", async () => {
    const tiny = await get(`${src("/photo.png")}&w=16`, { accept: "image/webp" });
    expect((await sharp(tiny.rawPayload).metadata()).width).toBe(16);
    const small = await get(`${src("/small.png")}&w=640`, { accept: "image/webp" });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(100);
  });

  it("caches for a year, varies on Accept and answers 304 to a matching ETag", async () => {
    const res = await get(src("/photo.jpg"), { accept: "image/webp" });
    expect(res.headers.vary).toBe("Accept");
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);

    const again = await get(src("/photo.jpg"), { accept: "image/webp", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get(src("/photo.jpg"), { accept: "image/webp", "if-none-match": `W/${etag}` })).statusCode).toBe(304);

    const other = await get(src("/photo.jpg"), { accept: "image/avif", "if-none-match": etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("serves a second request from the disk cache without fetching again, even after a restart", async () => {
    const first = await get(`${src("/cached.png")}&w=256`, { accept: "image/webp" });
    expect(first.statusCode).toBe(200);
    expect(server.hits.get("/cached.png")).toBe(1);

    const second = await get(`${src("/cached.png")}&w=256`, { accept: "image/webp" });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);

    const restarted = await buildImageApp(fetch, cacheDir);
    const third = await get(`${src("/cached.png")}&w=256`, { accept: "image/webp" }, restarted);
    await restarted.close();
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(server.hits.get("/cached.png")).toBe(1);

    // Another width is another variant and is fetched.
    await get(`${src("/cached.png")}&w=128`, { accept: "image/webp" });
    expect(server.hits.get("/cached.png")).toBe(2);
  });

  it("keeps the disk cache within its quota, fetching an evicted image again", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lw-image-quota-"));
    const small = await buildImageApp(fetch, dir, 1);
    const before = server.hits.get("/small.png") ?? 0;
    for (let i = 0; i < 2; i++) expect((await get(`${src("/small.png")}&w=32`, { accept: "image/webp" }, small)).statusCode).toBe(200);
    await small.close();
    await rm(dir, { recursive: true, force: true });
    expect(server.hits.get("/small.png")).toBe(before + 2);
  });

  it("refuses an image wider than 8000 px", async () => {
    const res = await get(src("/strip.png"));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "bad_request", details: { reason: "too_many_pixels", width: 9000 } });
  });

  it.each([
    ["/page.html", "not_an_image"],
    ["/missing.png", "http_error"],
  ])("answers 422 when %s is not an image it can serve", async (p, reason) => {
    const res = await get(src(p));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "bad_request", details: { reason } });
  });

  it("refuses loopback sources with the default policy (SSRF), without reaching them", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lw-image-default-"));
    const guarded = await buildImageApp(safeFetch, dir);
    const before = server.hits.get("/photo.png");
    const urls = [server.url("/photo.png"), `http://localhost:${server.port}/photo.png`, "http://169.254.169.254/latest/meta-data/"];
    for (const url of urls) {
      const res = await get(`imageUrl=${encodeURIComponent(url)}`, {}, guarded);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "bad_request", details: { reason: "blocked_address" } });
    }
    await guarded.close();
    await rm(dir, { recursive: true, force: true });
    expect(server.hits.get("/photo.png")).toBe(before);
  });

  it("documents the query in the OpenAPI document", async () => {
    const doc = app.swagger() as { paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }> };
    const params = doc.paths["/api/image"]!.get.parameters;
    expect(params.map((p) => p.name).sort()).toEqual(["course_id", "imageUrl", "w"]);
    expect(params.every((p) => p.description)).toBe(true);
  });
});
