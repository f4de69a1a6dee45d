import { type } from "arktype";
import { RETENTION_DAYS_MAX } from "./privacy.constants";

/** A retention in whole days (1 to RETENTION_DAYS_MAX), or null: kept forever. */
const retentionDays = type(`1 <= number.integer <= ${RETENTION_DAYS_MAX}`).or("null");

const settingsShape = {
  /** Whether the assistant records calls; while off, reports' recording links and transcripts are not stored. */
  recordCalls: "boolean",
  /** Days a call's transcript, recording link and summary are kept. */
  callContentDays: retentionDays,
  /** Days a call itself is kept (with its content); at least callContentDays when both are set. */
  callRowDays: retentionDays,
  /** Days after its appointment a booking keeps its customer's name, phone and notes. */
  bookingPersonalDays: retentionDays,
} as const;

/**
 * GET/PUT /api/privacy/settings: the business's recording and retention settings as they stand (a save is
 * checked whole, after merging what was sent into what is stored).
 */
export const privacySettings = type(settingsShape).narrow(
  (settings, ctx) =>
    settings.callRowDays === null ||
    settings.callContentDays === null ||
    settings.callRowDays >= settings.callContentDays ||
    ctx.reject({
      expected: `at least callContentDays (${settings.callContentDays}): a call cannot go before its content`,
      actual: String(settings.callRowDays),
      path: [...ctx.path, "callRowDays"],
    }),
);
export type PrivacySettings = typeof privacySettings.infer;

/** PUT /api/privacy/settings: any of the settings; those left out keep their stored values. */
export const privacySettingsUpdate = type({
  "+": "reject",
  "recordCalls?": settingsShape.recordCalls,
  "callContentDays?": settingsShape.callContentDays,
  "callRowDays?": settingsShape.callRowDays,
  "bookingPersonalDays?": settingsShape.bookingPersonalDays,
});
export type PrivacySettingsUpdate = typeof privacySettingsUpdate.infer;

/** GET /api/privacy/retention-preview: what a purge run now would take, under the saved settings. */
export const retentionPreview = type({
  /** Calls whose transcript, recording link and summary would be removed (the calls stay). */
  callContents: "number.integer >= 0",
  /** Calls that would be deleted. */
  calls: "number.integer >= 0",
  /** Past bookings whose customer's name, phone and notes would be removed (the bookings stay). */
  bookings: "number.integer >= 0",
});
export type RetentionPreview = typeof retentionPreview.infer;

/**
 * GET /api/privacy/export: `recordings=true` adds the call recordings' files (they can weigh gigabytes, so
 * only when asked); absent or `false`, the tables alone.
 */
export const businessExportQuery = type({
  "+": "reject",
  "recordings?": type("'true' | 'false'")
    .pipe((value) => value === "true")
    .to("boolean"),
});
export type BusinessExportQuery = typeof businessExportQuery.inferIn;

/**
 * POST /api/privacy/delete-business: the confirmation, the business's name typed exactly as it is. A blank one
 * confirms nothing, whatever the business is called (an earlier sign-up could leave a name empty).
 */
export const businessDeletion = type({
  "+": "reject",
  businessName: type(/\S/).describe("the business's name, not blank"),
});
export type BusinessDeletion = typeof businessDeletion.infer;

/**
 * What deleting the business reached at the connected services, after every row was gone: "none" when
 * nothing was connected, "unreachable" when the service could not be told (the deletion stands all the same).
 */
export const businessDeleted = type({
  telegram: "'notified' | 'unreachable' | 'none'",
  calendar: "'revoked' | 'unreachable' | 'none'",
});
export type BusinessDeleted = typeof businessDeleted.infer;
