import type { CallReport } from "@shared/calls.schema";
import type { AssistantKeyDirectory } from "../auth/assistant-key-directory";
import { type AssistantKeyLookup, LAST_USED_PRECISION_MS } from "../auth/require-assistant-key";
import { type BatchAnswer, createStatementBatcher } from "../db/statement-batcher";
import { ApiError, unauthenticated } from "../http/api-error";
import type { AppDeps, AssistantClaim } from "../http/app-env";
import { type CallReportItem, type ReportAnswer, reportCalls, type StoredReport } from "../repos/calls.repo";
import { ISO_TIME_FORMS, instantOf, parseIsoTime } from "../time/iso-time";

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export type CallIngest = (claim: AssistantClaim, report: CallReport) => Promise<StoredReport>;

/**
 * Stores the assistant's call reports. Reports arriving together are written as one batch (one statement,
 * one transaction) that also confirms each report's key: what lets a single embedded database take thousands
 * of reports a second.
 */
export function createCallIngest(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  keys: { lookup: AssistantKeyLookup; directory: AssistantKeyDirectory },
): CallIngest {
  const store = createStatementBatcher<CallReportItem, ReportAnswer>(async (items) => {
    try {
      return await reportCalls(db, items, clock(), LAST_USED_PRECISION_MS);
    } catch (error) {
      if (items.length === 1) throw error;
      // A report the database refuses must not fail the others that happened to share its batch.
      return Promise.all(
        items.map(
          (item): Promise<BatchAnswer<ReportAnswer>> =>
            reportCalls(db, [item], clock(), LAST_USED_PRECISION_MS).then(([answer]) => answer!, asError),
        ),
      );
    }
  });

  return async (claim, report) => {
    const time = parseIsoTime(report.startedAt);
    if (!time) {
      throw new ApiError(
        400,
        "VALIDATION",
        `startedAt must be ${ISO_TIME_FORMS} (was "${report.startedAt}")`,
      );
    }
    let key = claim;
    for (let attempt = 1; ; attempt++) {
      const answer = await store({
        keyId: key.keyId,
        businessId: key.businessId,
        timezone: time.offsetMinutes === null ? key.timezone : null,
        report,
        startedAt: instantOf(time, key.timezone),
      });
      if (!("refused" in answer)) return answer;
      keys.directory.forget(key.keyHash);
      // The business has moved to another timezone since its key was remembered: read the time in the new one.
      const found = answer.refused === "timezone" && attempt === 1 ? await keys.lookup(key.keyHash) : null;
      if (!found) throw unauthenticated();
      keys.directory.remember(key.keyHash, found);
      key = { ...found, keyHash: key.keyHash };
    }
  };
}
