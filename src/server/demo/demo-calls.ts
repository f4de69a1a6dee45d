import type { WeeklySchedule } from "@shared/availability.schema";
import type { CallReport } from "@shared/calls.schema";
import { workingHoursOf } from "@shared/weekly-schedule";
import { calendarDayAround } from "@shared/zoned-time";
import type { BulkCall } from "../calls/calls-write.repo";
import type { BusinessRow } from "../db/schema/businesses.schema";
import { createCallGenerator } from "./call-generator";

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 42;
const HISTORY_CALLS = 300;

/** A generated report as a bulk load takes it (every optional field decided). */
export const bulkCallOf = (report: CallReport): BulkCall => ({
  externalId: report.externalId,
  callerNumber: report.callerNumber,
  callerName: report.callerName ?? null,
  startedAt: new Date(report.startedAt),
  status: report.status,
  durationSeconds: report.durationSeconds ?? 0,
  outcome: report.outcome ?? null,
  summary: report.summary ?? null,
  transcript: report.transcript ?? [],
  recordingUrl: report.recordingUrl ?? null,
  serviceName: report.serviceName ?? null,
});

/**
 * The demo business's call history as of `now`: about 300 finished calls over the six weeks before today and
 * two earlier today. There are no real recordings: most calls have none, and two point at a same-origin path
 * that does not exist, so the portal's "recording unavailable" state can be seen.
 */
export function demoCalls(
  now: Date,
  business: Pick<BusinessRow, "name" | "timezone">,
  schedule: WeeklySchedule,
): BulkCall[] {
  const { workingHours, workingDays } = workingHoursOf(schedule);
  const generator = createCallGenerator({
    seed: 20260302,
    idPrefix: "demo",
    companyName: business.name,
    timezone: business.timezone,
    workingHours,
    workingDays,
  });
  const today = calendarDayAround(now, business.timezone);
  const history = generator.history(
    HISTORY_CALLS,
    new Date(today.start.getTime() - HISTORY_DAYS * DAY_MS),
    today.start,
  );
  const earlierToday = [75, 20].map((minutesAgo, i) => {
    const at = Math.max(now.getTime() - minutesAgo * 60_000, today.start.getTime() + (i + 1) * 60_000);
    return generator.finishedCall(new Date(Math.min(at, now.getTime())));
  });
  const calls = [...history, ...earlierToday].map(bulkCallOf);
  for (const call of calls.filter((c) => c.status === "completed").slice(-12, -10)) {
    call.recordingUrl = `/api/recordings/${call.externalId}.mp3`;
  }
  return calls;
}
