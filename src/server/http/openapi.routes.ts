import { type } from "arktype";
import { ApiRouter, type RegisteredRoute, type RouteGuards } from "./api-router";
import { buildOpenApiDocument } from "./openapi";

/** `allRoutes` is read on request, so the document includes routers mounted after this one, and itself. */
export function openapiRoutes(allRoutes: () => readonly RegisteredRoute[], guards: RouteGuards) {
  const router = new ApiRouter("/api/openapi.json", guards);
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  router.add(
    {
      method: "get",
      path: "/",
      summary: "This API's OpenAPI 3.1 document",
      response: type({ openapi: "string", info: "object", paths: "object" }),
      raw: true,
      errors: [],
    },
    (c) => {
      document ??= buildOpenApiDocument(allRoutes());
      return c.json(document);
    },
  );
  return router;
}
