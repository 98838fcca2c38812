import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** The OpenAPI document is generated from the routes' zod schemas; docs UI at /api/docs. */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: "Learnward API", version: "0.1.0", description: "B2B learning and upskilling platform" },
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
            bearer: { type: "http", scheme: "bearer" },
            firebase_token: { type: "apiKey", in: "header", name: "firebase_token" },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
