import type { PrivacySettings, PrivacySettingsUpdate, RetentionPreview } from "@shared/privacy.schema";

/** Examples for the OpenAPI document (the OpenAPI test checks each against its schema). */

export const privacySettingsExample: PrivacySettings = {
  recordCalls: true,
  callContentDays: 90,
  callRowDays: 730,
  bookingPersonalDays: 365,
};

export const privacySettingsUpdateExample: PrivacySettingsUpdate = { callContentDays: 90, callRowDays: 730 };

export const retentionPreviewExample: RetentionPreview = { callContents: 412, calls: 37, bookings: 18 };
