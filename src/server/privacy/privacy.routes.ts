import { PRIVACY_AUDIT_FIELDS } from "@shared/audit.schema";
import {
  type PrivacySettings,
  privacySettings,
  privacySettingsUpdate,
  retentionPreview,
} from "@shared/privacy.schema";
import { type } from "arktype";
import { recordChangedFields } from "../audit/audit.repo";
import { changedFields } from "../audit/changed-fields";
import {
  findBusiness,
  lockBusiness,
  privacySettingsOf,
  updatePrivacySettings,
} from "../company/businesses.repo";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { Refusal, unauthenticated } from "../refusal";
import {
  privacySettingsExample,
  privacySettingsUpdateExample,
  retentionPreviewExample,
} from "./privacy.examples";
import { previewRetention } from "./retention.repo";
import { retentionCuts } from "./retention-cuts";

/**
 * The settings as a save would leave them, checked whole (the rule between call rows and their content
 * included); a refusal names the field sent that breaks it — callRowDays when both were sent or only it.
 */
function settingsAfter(stored: PrivacySettings, sent: Partial<PrivacySettings>): PrivacySettings {
  const merged = privacySettings({ ...stored, ...sent });
  if (!(merged instanceof type.errors)) return merged;
  const field = "callContentDays" in sent && !("callRowDays" in sent) ? "callContentDays" : "callRowDays";
  throw new Refusal("VALIDATION", merged.summary, { field });
}

/** Issue 23 §1: Settings → Data protection (recording and retention) and what the next purge takes. */
export function privacyRoutes({ db, clock }: Pick<AppDeps, "db" | "clock">, guards: RouteGuards) {
  const router = new ApiRouter("/api/privacy", guards);

  const read = async (businessId: string) => {
    const business = await findBusiness(db, businessId);
    if (!business) throw unauthenticated();
    return business;
  };

  router.add(
    {
      method: "get",
      path: "/settings",
      summary:
        "Whether calls are recorded, and how long call content, calls and bookings' customer details are kept",
      description:
        "Each retention is whole days (1–3650) or null: kept forever. callContentDays: a call's transcript, " +
        "recording link and summary, counted from its start; callRowDays: the call itself (at least " +
        "callContentDays when both are set); bookingPersonalDays: a booking's customer name, phone and notes, " +
        "counted from the appointment's end (the booking stays, for the figures). A purge runs every hour.",
      auth: "user",
      response: privacySettings,
      examples: { response: privacySettingsExample },
      errors: [],
    },
    async (c) => ok(c, privacySettingsOf(await read(c.get("auth").businessId))),
  );

  router.add(
    {
      method: "put",
      path: "/settings",
      summary:
        "Save recording and retention settings (those left out keep their values); answers as GET does",
      description:
        "The settings after the save are checked whole: callRowDays must be at least callContentDays when " +
        "both are set, whichever of them was sent. Nothing is saved when any is refused. recordCalls false " +
        "shows in GET /api/assistant/config at once, and from then on reports' recordingUrl and transcript " +
        "are not stored.",
      auth: "user",
      body: privacySettingsUpdate,
      response: privacySettings,
      examples: { body: privacySettingsUpdateExample, response: privacySettingsExample },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId, userId } = c.get("auth");
      const saved = await db.transaction(async (tx) => {
        const business = await lockBusiness(tx, businessId);
        const before = privacySettingsOf(business);
        const settings = settingsAfter(before, body);
        await updatePrivacySettings(tx, businessId, settings);
        const fields = changedFields(PRIVACY_AUDIT_FIELDS, before, settings);
        await recordChangedFields(tx, {
          businessId,
          actor: { userId },
          at: clock(),
          action: "privacy.settings_updated",
          details: { fields },
        });
        return settings;
      });
      return ok(c, saved);
    },
  );

  router.add(
    {
      method: "get",
      path: "/retention-preview",
      summary: "What a purge under the saved settings would remove if it ran now",
      description:
        "callContents: calls whose transcript, recording link or summary would go (the calls stay); calls: " +
        "calls that would be deleted (the dashboard's all-time totals keep counting them); bookings: past " +
        "bookings whose customer name, phone and notes would go. A call is never deleted on the business's " +
        "own today.",
      auth: "user",
      response: retentionPreview,
      examples: { response: retentionPreviewExample },
      errors: [],
    },
    async (c) => {
      const business = await read(c.get("auth").businessId);
      const cuts = retentionCuts(privacySettingsOf(business), clock(), business.timezone);
      return ok(c, await previewRetention(db, business.id, cuts));
    },
  );

  return router;
}
