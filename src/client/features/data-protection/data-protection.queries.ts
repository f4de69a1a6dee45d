import type { PrivacySettingsUpdate } from "@shared/privacy.schema";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api-client";

export const dataProtectionQueries = {
  all: () => ["data-protection"] as const,
  settings: (api: ApiClient) =>
    queryOptions({
      queryKey: [...dataProtectionQueries.all(), "settings"] as const,
      queryFn: ({ signal }) => api.get("/privacy/settings", "privacySettings", { signal }),
    }),
  /** What the next purge would take: computed at the server's clock, so read afresh when the card shows. */
  preview: (api: ApiClient) =>
    queryOptions({
      queryKey: [...dataProtectionQueries.all(), "preview"] as const,
      queryFn: ({ signal }) => api.get("/privacy/retention-preview", "retentionPreview", { signal }),
      staleTime: 0,
    }),
};

/** PUT /api/privacy/settings: answers the settings as saved. */
export const saveDataProtection = (api: ApiClient, update: PrivacySettingsUpdate) =>
  api.put("/privacy/settings", "privacySettings", update);
