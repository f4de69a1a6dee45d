import { defineUrlSearch, type PagedSearch } from "../../lib/url-search";

/** The activity log as the URL holds it: /settings/audit?page=2 */
export type AuditSearch = PagedSearch<Record<never, never>>;

export const AUDIT_PATH = "/settings/audit";

export const auditSearch = defineUrlSearch<Record<never, never>>({ path: AUDIT_PATH, filters: {} });
