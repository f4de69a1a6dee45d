import { type } from "arktype";
import { ASSISTANT_PLATFORMS } from "./assistant-platforms.constants";
import { MAX_PAGE, pageOf, positiveIntegerParam } from "./query-params";
import { SERVICE_FIELDS } from "./service.constants";

/**
 * The audit log (issue 23 §4): who did what, when. Each action has a closed code and a small object of
 * non-personal facts: no secret, no caller data, and of free text only labels the owner gave things (a key's,
 * a service's name) — of a settings change, the names of the fields that changed, never their values.
 */

/** The company card and call handling (PUT /api/company/me) as the log names them. */
export const COMPANY_AUDIT_FIELDS = [
  "name",
  "prompt",
  "greeting",
  "currency",
  "language",
  "timezone",
  "workingHours",
  "workingDays",
  "callTransfer",
] as const;
export type CompanyAuditField = (typeof COMPANY_AUDIT_FIELDS)[number];

/** The weekly schedule and the rules around appointments (PUT /api/availability). */
export const AVAILABILITY_AUDIT_FIELDS = [
  "weeklySchedule",
  "bufferBeforeMinutes",
  "bufferAfterMinutes",
  "minimumNoticeMinutes",
  "bookingHorizonDays",
  "slotStepMinutes",
] as const;
export type AvailabilityAuditField = (typeof AVAILABILITY_AUDIT_FIELDS)[number];

/** Every one of a service's fields (PUT /api/services/:id). */
export const SERVICE_AUDIT_FIELDS = SERVICE_FIELDS;
export type ServiceAuditField = (typeof SERVICE_AUDIT_FIELDS)[number];

/** The data protection card (PUT /api/privacy/settings). */
export const PRIVACY_AUDIT_FIELDS = [
  "recordCalls",
  "callContentDays",
  "callRowDays",
  "bookingPersonalDays",
] as const;
export type PrivacyAuditField = (typeof PRIVACY_AUDIT_FIELDS)[number];

const fieldsOf = <const Field extends string>(fields: readonly Field[]) =>
  type
    .enumerated(...fields)
    .array()
    .atLeastLength(1);

const none = type({ "+": "reject" });
const count = "number.integer >= 0";
const blackoutSpan = { startDate: "string", endDate: "string" } as const;
const platform = type.enumerated(...ASSISTANT_PLATFORMS);

/**
 * Every action the log knows, with its facts. The data-protection actions of issue 23 §1–3 (caller export and
 * erase, the business's export and deletion, the retention purge) are here before their routes, so whoever
 * writes them only calls recordAudit.
 */
export const auditEvent = type.or(
  { action: "'account.signed_up'", details: none },
  { action: "'session.new_device'", details: none },
  { action: "'session.signed_out_everywhere'", details: none },
  { action: "'assistant_key.created'", details: { keyName: "string" } },
  { action: "'assistant_key.revoked'", details: { keyName: "string" } },
  { action: "'assistant_connection.created'", details: { provider: platform } },
  { action: "'assistant_connection.secret_rotated'", details: { provider: platform } },
  { action: "'assistant_connection.deleted'", details: { provider: platform } },
  { action: "'company.updated'", details: { fields: fieldsOf(COMPANY_AUDIT_FIELDS) } },
  { action: "'company.phone_number_changed'", details: none },
  { action: "'availability.updated'", details: { fields: fieldsOf(AVAILABILITY_AUDIT_FIELDS) } },
  { action: "'blackout.added'", details: blackoutSpan },
  { action: "'blackout.removed'", details: blackoutSpan },
  { action: "'service.created'", details: { serviceName: "string" } },
  { action: "'service.updated'", details: { serviceName: "string", fields: fieldsOf(SERVICE_AUDIT_FIELDS) } },
  { action: "'service.deleted'", details: { serviceName: "string" } },
  { action: "'telegram.connected'", details: none },
  { action: "'telegram.disconnected'", details: none },
  // By the server: Telegram upgraded the chat's group to a supergroup, which notifications now go to.
  { action: "'telegram.chat_migrated'", details: none },
  { action: "'calendar.connected'", details: none },
  { action: "'calendar.disconnected'", details: none },
  { action: "'privacy.settings_updated'", details: { fields: fieldsOf(PRIVACY_AUDIT_FIELDS) } },
  { action: "'caller_data.exported'", details: none },
  {
    action: "'caller_data.erased'",
    details: { calls: count, bookings: count, cancelledBookings: count },
  },
  // Whether the call recordings were asked for (entries written before they could be say nothing).
  { action: "'business_data.exported'", details: { "+": "reject", "recordings?": "boolean" } },
  { action: "'business.deleted'", details: none },
  { action: "'retention.purged'", details: { calls: count, callContents: count, bookingContacts: count } },
);
export type AuditEvent = typeof auditEvent.infer;
export type AuditAction = AuditEvent["action"];

/** Who acted: a staff member (their e-mail as it was then), the voice assistant, or the server itself. */
export const auditActor = type.or(
  { kind: "'user'", email: "string | null" },
  { kind: "'assistant'" },
  { kind: "'system'" },
);
export type AuditActor = typeof auditActor.infer;

export const auditEntry = auditEvent.and({ _id: "string", occurredAt: "string", actor: auditActor });
export type AuditEntry = typeof auditEntry.infer;

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_LIMIT = 100;

/** GET /api/audit: a page of the log, newest first. */
export const auditListQuery = type({
  "+": "reject",
  "page?": positiveIntegerParam(MAX_PAGE),
  "limit?": positiveIntegerParam(AUDIT_MAX_LIMIT),
});

export const auditList = pageOf(auditEntry);
export type AuditList = typeof auditList.infer;
