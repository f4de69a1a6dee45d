import { assistantKeyList, createdAssistantKey } from "@shared/assistant.schema";
import {
  assistantConnectionList,
  assistantConnectionTools,
  assistantConnectionWithSecret,
} from "@shared/assistant-connections.schema";
import { auditList } from "@shared/audit.schema";
import { sessionUser } from "@shared/auth.schema";
import { availability, blackoutDate, slotList } from "@shared/availability.schema";
import { booking, bookingCounts, bookingDetail, bookingList, bookingsToReview } from "@shared/booking.schema";
import { calendarBusyList, calendarConnect, calendarStatus } from "@shared/calendar.schema";
import { calendarResync } from "@shared/calendar-events.schema";
import { callerData, erasureReceipt } from "@shared/caller-data.schema";
import { callDetail, callList } from "@shared/calls.schema";
import { company } from "@shared/company.schema";
import { dashboardStats } from "@shared/dashboard.schema";
import { businessDeleted, privacySettings, retentionPreview } from "@shared/privacy.schema";
import { service, serviceList } from "@shared/service.schema";
import { telegramLink, telegramLinkState, telegramStatus } from "@shared/telegram.schema";
import { type } from "arktype";

/**
 * The answer of every call the client makes, by name: the very schemas its server route declares as
 * `response` (a test holds them identical). Types come from here everywhere; the module itself is loaded
 * only in development and tests (lib/api-client.ts), so arktype never comes with a page for this.
 */
export const responseSchemas = {
  /** Routes whose `data` is null (the server's `response: null`). */
  none: type("null"),
  sessionUser,
  /** The refresh: the user, or null when there is no session to resume. */
  sessionOrNone: sessionUser.or("null"),
  callList,
  callDetail,
  dashboardStats,
  assistantKeyList,
  createdAssistantKey,
  assistantConnectionList,
  assistantConnectionWithSecret,
  assistantConnectionTools,
  availability,
  blackoutDate,
  slotList,
  bookingList,
  bookingDetail,
  booking,
  bookingCounts,
  bookingsToReview,
  serviceList,
  service,
  company,
  telegramStatus,
  telegramLink,
  telegramLinkState,
  calendarStatus,
  calendarConnect,
  calendarBusy: calendarBusyList,
  calendarResync,
  privacySettings,
  retentionPreview,
  businessDeleted,
  auditList,
  callerData,
  erasureReceipt,
};

export type ResponseName = keyof typeof responseSchemas;
export type ResponseOf<Name extends ResponseName> = (typeof responseSchemas)[Name]["infer"];

/** What the schema `name` finds wrong with `data`, for the error's message; undefined when nothing. */
export function responseProblem(name: ResponseName, data: unknown): string | undefined {
  const verdict = responseSchemas[name](data);
  return verdict instanceof type.errors ? verdict.summary : undefined;
}
