import type { MiddlewareHandler } from "hono";
import { tenantChanged } from "../db/tenant-read-cache";
import type { AppEnv, AssistantContext, AuthContext } from "./app-env";

/**
 * Reports every state-changing API request of a tenant (staff or assistant key) as a change of its calls,
 * once it is answered, refused or failed alike: the calls writer (reports, imports; calls-write.repo.ts)
 * reports no change of its own, and the tenant's kept list answers (tenant-answers.ts) hold its calls and
 * the calls its bookings name. Writers reached other than through the API report their own changes
 * (bookings-write.repo.ts, the settings repos); the call-writers guard test keeps the calls writer's callers
 * to the API and the start-up seed.
 */
export const reportTenantWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  try {
    await next();
  } finally {
    const caller = (c.get("auth") ?? c.get("assistant") ?? c.get("assistantClaim")) as
      | AuthContext
      | AssistantContext
      | undefined;
    if (caller) tenantChanged(caller.businessId, "calls");
  }
};
