import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody, IMAGE_SMALL_WIDTHS, IMAGE_WIDTHS } from "@learnward/contracts";
import type { ImageService } from "./image.service.ts";

// spec §9: the only widths produced, so the cache holds a bounded number of variants per image.
const WIDTHS: readonly number[] = [...IMAGE_SMALL_WIDTHS, ...IMAGE_WIDTHS];
const DEFAULT_WIDTH = 640;

/** spec §7 GET /api/image. To move to packages/contracts as `GetImageRequest`. */
export const GetImageRequest = z.object({
  imageUrl: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { message: "must be an http or https URL" })
    .describe("Absolute http(s) URL of the source image"),
  course_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe("Course the image belongs to (spec §3 image fallback); accepted, not used yet"),
  w: z.coerce
    .number()
    .int()
    .refine((w) => WIDTHS.includes(w), { message: `must be one of ${WIDTHS.join(", ")}` })
    .default(DEFAULT_WIDTH)
    .describe(`Output width in pixels (never enlarged); one of ${WIDTHS.join(", ")}; default ${DEFAULT_WIDTH}`),
});
export type GetImageRequest = z.infer<typeof GetImageRequest>;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** spec §7: the image proxy. AVIF, WebP or the original/JPEG by Accept (spec §9), cached for a year. */
export const imageRoutes: FastifyPluginAsyncZod<{ service: ImageService }> = async (app, { service }) => {
  app.get(
    "/api/image",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["library"],
        summary: "A remote image resized to a spec width, in the best format the browser accepts",
        description:
          "Answers the image bytes (image/avif, image/webp, image/png or image/jpeg) with a strong ETag; " +
          "304 when If-None-Match matches. Sources must be public http(s) images up to 10 MB and 8000×8000 px.",
        querystring: GetImageRequest,
        response: {
          200: z.any().describe("The image bytes"),
          304: z.any().describe("Not modified: the ETag in If-None-Match is current"),
          400: ErrorBody,
          401: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const result = await service.render({
        imageUrl: req.query.imageUrl,
        width: req.query.w,
        accept: header(req.headers.accept),
        ifNoneMatch: header(req.headers["if-none-match"]),
      });
      // The same URL answers different bytes per Accept: shared caches must key on it.
      reply.header("vary", "Accept");
      // private: the proxy answers signed-in people only, so shared caches must not serve it to others.
      reply.header("cache-control", "private, max-age=31536000, immutable");
      reply.header("etag", result.etag);
      if (result.kind === "not_modified") return reply.status(304).send();
      return reply.type(result.contentType).send(result.body);
    },
  );
};
