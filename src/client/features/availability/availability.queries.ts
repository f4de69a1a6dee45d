import type { AvailabilityUpdate, BlackoutDateInput } from "@shared/availability.schema";
import type { ApiClient } from "../../lib/api-client";
import { responseSchema } from "../../lib/response-check";
import { noData } from "../../lib/response-schema";

export const saveAvailability = (api: ApiClient, body: AvailabilityUpdate) =>
  api.put("/availability", responseSchema("availability"), body);

export const addBlackoutDate = (api: ApiClient, body: BlackoutDateInput) =>
  api.post("/availability/blackout-dates", responseSchema("blackoutDate"), body);

export const removeBlackoutDate = (api: ApiClient, id: string) =>
  api.delete(`/availability/blackout-dates/${encodeURIComponent(id)}`, noData);
