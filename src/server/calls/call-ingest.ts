import type { CallReport } from "@shared/calls.schema";
import type { AssistantKeyDirectory } from "../assistant/assistant-key-directory";
import { type AssistantKeyLookup, LAST_USED_PRECISION_MS } from "../assistant/require-assistant-key";
import { type BatchAnswer, createStatementBatcher, eachFailingAlone } from "../db/statement-batcher";
import type { AppDeps, AssistantClaim } from "../http/app-env";
import { Refusal, unauthenticated } from "../refusal";
import { ISO_TIME_FORMS, type IsoTime, parseIsoTime, placeIsoTime } from "../time/iso-time";
import { type CallReportItem, type ReportAnswer, reportCalls, type StoredReport } from "./calls-write.repo";

/** Why a report's start time cannot be read, for a 400 or an import item's refusal. */
export const startedAtProblem = (startedAt: string) =>
  `startedAt must be ${ISO_TIME_FORMS} in the years 1900–9998 (was "${startedAt}")`;

/**
 * A report's start time, or null when it cannot be read or lies where an offset or the business's timezone
 * could carry it past the years both ISO 8601 text and the database hold (0001–9999).
 */
export function parseStartedAt(text: string): IsoTime | null {
  const time = parseIsoTime(text);
  return time && time.wall.year >= 1900 && time.wall.year <= 9998 ? time : null;
}

export type CallIngest = {
  /** One report; reports arriving together share a statement. */
  report: (claim: AssistantClaim, report: CallReport) => Promise<StoredReport>;
  /** Many reports of one request, in one statement; each answered on its own (an Error fails it alone). */
  import: (
    claim: AssistantClaim,
    reports: readonly { report: CallReport; time: IsoTime }[],
  ) => Promise<BatchAnswer<StoredReport>[]>;
};

/**
 * Stores the assistant's call reports. Reports arriving together are written as one batch (one statement,
 * one transaction) that also confirms each report's key: what lets a single embedded database take thousands
 * of reports a second.
 */
export function createCallIngest(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  keys: { lookup: AssistantKeyLookup; directory: AssistantKeyDirectory },
): CallIngest {
  /** `notifyMissed`: live reports tell Telegram of a missed call; an imported history does not. */
  const write = async (
    items: CallReportItem[],
    notifyMissed: boolean,
  ): Promise<BatchAnswer<ReportAnswer>[]> => {
    const options = { notifyMissed };
    return eachFailingAlone(items, (some) => reportCalls(db, some, clock(), LAST_USED_PRECISION_MS, options));
  };
  const store = createStatementBatcher<CallReportItem, ReportAnswer>((items) => write(items, true));

  /** The report as written, or the 400 of a start time the business's clocks skip or show twice. */
  const itemOf = (key: AssistantClaim, report: CallReport, time: IsoTime): CallReportItem | Refusal => {
    const placed = placeIsoTime(time, key.timezone, "startedAt");
    if ("problem" in placed) return new Refusal("VALIDATION", placed.problem, { field: "startedAt" });
    return {
      keyId: key.keyId,
      businessId: key.businessId,
      timezone: time.offsetMinutes === null ? key.timezone : null,
      report,
      startedAt: placed.instant,
    };
  };

  /** After a refusal: the key as it stands now, or 401 when it is gone or was already looked up again. */
  const lookUpAgain = async (key: AssistantClaim, refusal: "key" | "timezone", attempt: number) => {
    keys.directory.forget(key.keyHash);
    // The business has moved to another timezone since its key was remembered: read the time in the new one.
    const found = refusal === "timezone" && attempt === 1 ? await keys.lookup(key.keyHash) : null;
    if (!found) throw unauthenticated();
    keys.directory.remember(key.keyHash, found);
    return { ...found, keyHash: key.keyHash };
  };

  return {
    async report(claim, report) {
      const time = parseStartedAt(report.startedAt);
      if (!time) throw new Refusal("VALIDATION", startedAtProblem(report.startedAt), { field: "startedAt" });
      let key = claim;
      for (let attempt = 1; ; attempt++) {
        const item = itemOf(key, report, time);
        if (item instanceof Refusal) throw item;
        const answer = await store(item);
        if (!("refused" in answer)) return answer;
        key = await lookUpAgain(key, answer.refused, attempt);
      }
    },

    async import(claim, reports) {
      const answers: BatchAnswer<StoredReport>[] = new Array(reports.length);
      let pending = reports.map((_, index) => index);
      let key = claim;
      for (let attempt = 1; pending.length > 0; attempt++) {
        const items = new Map<number, CallReportItem>();
        for (const index of pending) {
          const item = itemOf(key, reports[index]!.report, reports[index]!.time);
          if (item instanceof Refusal) answers[index] = item;
          else items.set(index, item);
        }
        pending = [...items.keys()];
        const written = pending.length > 0 ? await write([...items.values()], false) : [];
        const refused: number[] = [];
        let refusal: "key" | "timezone" = "timezone";
        for (const [position, answer] of written.entries()) {
          const index = pending[position]!;
          if (answer instanceof Error || !("refused" in answer)) answers[index] = answer;
          else {
            refused.push(index);
            if (answer.refused === "key") refusal = "key";
          }
        }
        if (refused.length > 0) key = await lookUpAgain(key, refusal, attempt);
        pending = refused;
      }
      return answers;
    },
  };
}
