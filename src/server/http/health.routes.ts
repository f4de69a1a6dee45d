import { healthStatus } from "@shared/health.schema";
import { isDatabaseUp } from "../db/open-database";
import { ApiRouter, type RouteGuards } from "./api-router";
import type { AppDeps } from "./app-env";
import { failure, ok } from "./respond";

export function healthRoutes({ db }: Pick<AppDeps, "db">, guards: RouteGuards) {
  const router = new ApiRouter("/api/health", guards);
  router.add(
    {
      method: "get",
      path: "/",
      summary: "Liveness and database reachability",
      response: healthStatus,
      errors: ["UNAVAILABLE"],
    },
    async (c) =>
      (await isDatabaseUp(db))
        ? ok(c, { status: "ok" as const })
        : failure(c, "UNAVAILABLE", "The database is not reachable"),
  );
  return router;
}
