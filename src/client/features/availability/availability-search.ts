import { defineUrlSearch, isoDateParam, oneOfParam, type ParamParser } from "../../lib/url-search";

export const AVAILABILITY_TABS = ["schedule", "blackouts", "rules"] as const;
export type AvailabilityTab = (typeof AVAILABILITY_TABS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidParam: ParamParser<string> = (value) => (UUID.test(value) ? value : undefined);

type AvailabilityFilterValues = { tab?: AvailabilityTab; service?: string; week?: string };

/** /availability?tab=blackouts&service=…&week=2026-11-30: the open tab and what the preview shows. */
export const availabilitySearch = defineUrlSearch<AvailabilityFilterValues>({
  path: "/availability",
  filters: { tab: oneOfParam(AVAILABILITY_TABS), service: uuidParam, week: isoDateParam },
});
