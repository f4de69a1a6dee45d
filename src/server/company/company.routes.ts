import { COMPANY_AUDIT_FIELDS, type CompanyAuditField } from "@shared/audit.schema";
import type { TimeRange, WeeklySchedule } from "@shared/availability.schema";
import { endAfterStart, WEEKDAYS } from "@shared/availability.schema";
import {
  type CallTransferChanges,
  type CallTransferSettings,
  type Company,
  type CompanyChanges,
  company,
  companyChanges,
  DEFAULT_NUMBER_MESSAGE,
  isAllowedDefaultNumber,
} from "@shared/company.schema";
import { DEFAULT_LANGUAGE, isLanguageCode } from "@shared/languages";
import { weeklyScheduleOf, workingHoursOf } from "@shared/weekly-schedule";
import { recordChangedFields } from "../audit/audit.repo";
import { changedFields } from "../audit/changed-fields";
import { readWeeklySchedule, replaceWeeklySchedule } from "../availability/weekly-hours.repo";
import type { Executor } from "../db/database";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { Refusal, unauthenticated } from "../refusal";
import { listActiveServices } from "../services/services.repo";
import { findBusiness, lockBusiness, updateCompany } from "./businesses.repo";
import { companyExample, companyUpdateExample } from "./company.examples";

const sameHours = (a: TimeRange, b: TimeRange) => a.start === b.start && a.end === b.end;
const sameDays = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((day, index) => day === b[index]);

/** Whether the simple form shows the week as it is: every open day has one range, the same on each. */
function isSimpleWeek(schedule: WeeklySchedule): boolean {
  const open = WEEKDAYS.map((day) => schedule[day]).filter((ranges) => ranges.length > 0);
  const first = open[0]?.[0];
  return open.every(
    ([range, ...more]) =>
      more.length === 0 && range !== undefined && first !== undefined && sameHours(range, first),
  );
}

async function readCompany(db: Executor, businessId: string): Promise<Company> {
  const [business, services, schedule] = await Promise.all([
    findBusiness(db, businessId),
    listActiveServices(db, businessId),
    readWeeklySchedule(db, businessId),
  ]);
  if (!business) throw unauthenticated();
  return {
    phoneNumber: business.phoneNumber,
    name: business.name,
    prompt: business.prompt,
    greeting: business.greeting,
    availableServices: services.map((service) => service.name),
    currency: business.currency,
    // The column's check allows only the six.
    language: isLanguageCode(business.language) ? business.language : DEFAULT_LANGUAGE,
    settings: {
      timezone: business.timezone,
      ...workingHoursOf(schedule),
      weeklyHoursSimple: isSimpleWeek(schedule),
      callTransfer: business.callTransfer,
    },
  };
}

/** The company as the audit log names its fields. */
const auditedFieldsOf = ({ settings, ...company }: Company): Record<CompanyAuditField, unknown> => ({
  name: company.name,
  prompt: company.prompt,
  greeting: company.greeting,
  currency: company.currency,
  language: company.language,
  timezone: settings.timezone,
  workingHours: settings.workingHours,
  workingDays: settings.workingDays,
  callTransfer: settings.callTransfer,
});

const invalid = (field: string, message: string) => new Refusal("VALIDATION", message, { field });

/**
 * The weekly schedule a save leaves: unchanged when the hours and days it sends (each end of the hours, and the
 * days, kept as they are when left out) are what it summarises; else the same hours on each chosen day — unless
 * the week has ranges the form cannot show (a lunch break), which a save from the simple form must not
 * flatten: then a change of hours or days is refused.
 */
function scheduleAfter(
  schedule: WeeklySchedule,
  sent: NonNullable<CompanyChanges["settings"]>,
): WeeklySchedule | null {
  const current = workingHoursOf(schedule);
  const workingHours = { ...current.workingHours, ...sent.workingHours };
  const workingDays = sent.workingDays ?? current.workingDays;
  if (!endAfterStart(workingHours.start, workingHours.end))
    throw invalid("settings.workingHours.end", `must be a time after start (was ${workingHours.end})`);
  const hoursKept = sameHours(current.workingHours, workingHours);
  const daysKept = sameDays(current.workingDays, workingDays);
  if (hoursKept && daysKept) return null;
  if (!isSimpleWeek(schedule))
    throw invalid(
      hoursKept ? "settings.workingDays" : "settings.workingHours",
      "The weekly hours have more than one range on a day or differ between days: change them through " +
        "/api/availability (the Availability page); workingHours and workingDays must stay as GET answers them",
    );
  return weeklyScheduleOf(workingDays, workingHours);
}

/** Call handling as a save leaves it: the fields sent over the stored ones (departments replaced whole). */
const callTransferAfter = (
  stored: CallTransferSettings,
  sent: CallTransferChanges,
): CallTransferSettings => ({
  ...stored,
  ...sent,
  transferPhoneNumbers: { ...stored.transferPhoneNumbers, ...sent.transferPhoneNumbers },
});

/** Issue 10 §1: the company card and call handling of the Settings screen (spec 3 "Company", spec 7). */
export function companyRoutes({ db, clock }: Pick<AppDeps, "db" | "clock">, guards: RouteGuards) {
  const router = new ApiRouter("/api/company", guards);

  router.add(
    {
      method: "get",
      path: "/me",
      summary: "The signed-in user's company: name, texts, hours, call handling, currency and language",
      description:
        "workingHours and workingDays summarise the weekly schedule of /api/availability (the one source " +
        "of truth): the earliest opening to the latest closing, on the days with any hours. " +
        "settings.weeklyHoursSimple is false when that schedule holds more than they can say (a lunch break, " +
        "other hours on some days). phoneNumber is the number the assistant answers (reported through PUT " +
        '/api/assistant/phone-number), "" until it has reported one. availableServices names the active ' +
        "services (read-only here).",
      auth: "user",
      response: company,
      examples: { response: companyExample },
      errors: [],
    },
    async (c) => ok(c, await readCompany(db, c.get("auth").businessId)),
  );

  router.add(
    {
      method: "put",
      path: "/me",
      summary:
        "Save the company and its call handling (all or nothing; what is left out is kept); answers as GET does",
      description:
        "Any part of spec 7's body may be sent: each field left out keeps its stored value (within settings " +
        "and settings.callTransfer too, workingHours.start and .end each; departments are replaced whole), so " +
        "a client sends only what its user changed and never puts back what another saved meanwhile. " +
        "Spec 5's rules: name not empty; a default transfer number, if set, is the company phone or one " +
        "of the department numbers; departments have a non-empty name and a phone number (both stored " +
        "trimmed); maxWaitTime in seconds (0–3600); workingDays 0 (Sunday) to 6, stored sorted. timezone is " +
        "an IANA zone; changing it keeps every booking at its instant, while opening hours stay local times. " +
        "currency is ISO 4217 (prices are relabelled, not converted); language one of en, pl, fr, de, es, nl; " +
        "both go beyond spec 7's body. " +
        "phoneNumber, availableServices and settings.weeklyHoursSimple are read-only: any value sent is ignored. workingHours and workingDays replace the " +
        "weekly schedule with those hours on those days; when settings.weeklyHoursSimple is false they must " +
        "be left out or sent as GET answers them (the schedule then stays as it is) or the save is refused.",
      auth: "user",
      body: companyChanges,
      response: company,
      examples: { body: companyUpdateExample, response: companyExample },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId, userId } = c.get("auth");
      const saved = await db.transaction(async (tx) => {
        const business = await lockBusiness(tx, businessId);
        const before = await readCompany(tx, businessId);
        const sent = body.settings ?? {};
        const callTransfer = sent.callTransfer
          ? callTransferAfter(business.callTransfer, sent.callTransfer)
          : business.callTransfer;
        const { transferPhoneNumbers } = callTransfer;
        if (
          sent.callTransfer &&
          !isAllowedDefaultNumber(
            transferPhoneNumbers.default,
            business.phoneNumber,
            transferPhoneNumbers.departments,
          )
        )
          throw invalid("settings.callTransfer.transferPhoneNumbers.default", DEFAULT_NUMBER_MESSAGE);
        const schedule = scheduleAfter(await readWeeklySchedule(tx, businessId), sent);
        if (schedule) await replaceWeeklySchedule(tx, businessId, schedule);
        // Whatever is left out keeps its value: a save carries only what its user changed.
        await updateCompany(tx, businessId, {
          name: body.name ?? business.name,
          prompt: body.prompt ?? business.prompt,
          greeting: body.greeting ?? business.greeting,
          timezone: sent.timezone ?? business.timezone,
          callTransfer,
          currency: body.currency ?? business.currency,
          language: body.language ?? business.language,
        });
        const after = await readCompany(tx, businessId);
        const fields = changedFields(COMPANY_AUDIT_FIELDS, auditedFieldsOf(before), auditedFieldsOf(after));
        await recordChangedFields(tx, {
          businessId,
          actor: { userId },
          at: clock(),
          action: "company.updated",
          details: { fields },
        });
        return after;
      });
      return ok(c, saved);
    },
  );

  return router;
}
