import { businessExportQuery } from "@shared/privacy.schema";
import { recordAudit } from "../audit/audit.repo";
import { findBusiness } from "../company/businesses.repo";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { AUDIO_EXTENSIONS } from "../recordings/audio-types";
import type { RecordingStorage } from "../recordings/recording-storage";
import { unauthenticated } from "../refusal";
import { businessExportEntries, exportReadme } from "./business-export";
import { countTenantRows } from "./tenant-rows.repo";
import { zipArchive } from "./zip-archive";

/** The header carrying how many rows the archive holds, counted when it starts (the portal shows it). */
export const EXPORT_ROWS_HEADER = "X-Export-Rows";

/** The business's local date, as the file's name carries it. */
const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );

/**
 * `attachment` named for the business and the day: a plain ASCII name for old clients, the name as it is
 * (RFC 5987) for the rest.
 */
function attachment(businessName: string, date: string): string {
  const slug = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  const name = `calldesk-${slug(businessName) || "business"}-${date}.zip`;
  const ascii = `calldesk-${slug(businessName.normalize("NFKD").replace(/[^\x20-\x7e]/g, "")) || "business"}-${date}.zip`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Issue 23 §3: everything the business holds, as one zip written while it is read, recordings if asked. */
export function businessExportRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  recordings: RecordingStorage,
) {
  const router = new ApiRouter("/api/privacy", guards);

  router.add(
    {
      method: "get",
      path: "/export",
      summary:
        "Download every table of the business as a zip: JSON Lines and CSV per table, and a readme; the call " +
        "recordings too with recordings=true",
      description:
        "Streamed as it is written: each table is read in pages of 1,000 rows when the archive reaches it. " +
        "Secrets (password, token and key hashes, Google's tokens, one-time codes) are left out; readme.txt " +
        `describes every file and column. ${EXPORT_ROWS_HEADER} says how many rows the archive holds. ` +
        "`recordings=true` (absent: false; they can weigh gigabytes) adds, after the tables, every call " +
        "recording the server keeps as `recordings/<call id>.<extension of its type>` " +
        `(${AUDIO_EXTENSIONS.join(", ")}, else bin), stored uncompressed, read from the storage one file at ` +
        "a time; a recording deleted while the export runs (retention, an erasure) is left out. The audit " +
        "entry (business_data.exported) says whether they were included. A failure while writing (a table " +
        "or a recording that cannot be read) breaks the download (no zip end is sent), so a partial file " +
        "never reads as complete; run it again.",
      auth: "user",
      query: businessExportQuery,
      response: null,
      file: "application/zip",
      responseHeaders: {
        "Content-Disposition": "attachment; the file's name carries the business's name and today's date",
        [EXPORT_ROWS_HEADER]: "How many rows of the business's tables the archive holds",
      },
      examples: { query: { recordings: "true" } },
      errors: [],
    },
    async (c, { query }) => {
      const { businessId, userId } = c.get("auth");
      const withRecordings = query.recordings ?? false;
      const business = await findBusiness(db, businessId);
      if (!business) throw unauthenticated();
      const at = clock();
      const file = {
        "Content-Type": "application/zip",
        "Content-Disposition": attachment(business.name, localDate(at, business.timezone)),
      };
      // A HEAD (Hono answers it with the GET route) asks what the file would be: nothing is exported or recorded.
      if (c.req.method === "HEAD") return c.body(null, 200, file);
      // Recorded as the export starts, on its own: a download cut short was still asked for.
      await db.transaction((tx) =>
        recordAudit(tx, {
          businessId,
          actor: { userId },
          at,
          action: "business_data.exported",
          details: { recordings: withRecordings },
        }),
      );
      const counts = await countTenantRows(db, businessId);
      const rows = [...counts.values()].reduce((sum, n) => sum + n, 0);
      const readme = exportReadme(business.name, at, counts, withRecordings);
      const entries = businessExportEntries(db, businessId, readme, withRecordings ? recordings : null);
      return new Response(zipArchive(entries), { headers: { ...file, [EXPORT_ROWS_HEADER]: String(rows) } });
    },
  );

  return router;
}
