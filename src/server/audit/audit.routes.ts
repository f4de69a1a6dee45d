import { AUDIT_MAX_LIMIT, AUDIT_PAGE_SIZE, auditList, auditListQuery } from "@shared/audit.schema";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { auditListExample } from "./audit.examples";
import { listAuditEntries } from "./audit.repo";

/** Issue 23 §4: the business's audit log, for its staff to read. */
export function auditRoutes({ db }: Pick<AppDeps, "db">, guards: RouteGuards) {
  const router = new ApiRouter("/api/audit", guards);

  router.add(
    {
      method: "get",
      path: "/",
      summary: "A page of the business's audit log, newest first, with the exact total",
      description:
        "Who did what and when: key changes, sign-ins from a new device, every settings change, the " +
        "connections, and the data-protection actions. details holds non-personal facts only (the names of " +
        "the fields a change touched, never their values; no secret, no caller data). page ≥ 1 (a page past " +
        `the last is empty, with the exact total); limit 1–${AUDIT_MAX_LIMIT}, default ${AUDIT_PAGE_SIZE}.`,
      auth: "user",
      query: auditListQuery,
      response: auditList,
      examples: { query: { page: "1", limit: "20" }, response: auditListExample },
      errors: [],
    },
    async (c, { query }) => {
      const page = query.page ?? 1;
      const limit = query.limit ?? AUDIT_PAGE_SIZE;
      const { total, data } = await listAuditEntries(db, c.get("auth").businessId, { page, limit });
      return ok(c, { data, total, page, totalPages: Math.ceil(total / limit) });
    },
  );

  return router;
}
