import type { AvailabilityUpdate, BlackoutDateInput } from "@shared/availability.schema";
import type { ApiClient } from "../../lib/api-client";

export const saveAvailability = (api: ApiClient, body: AvailabilityUpdate) =>
  api.put("/availability", "availability", body);

export const addBlackoutDate = (api: ApiClient, body: BlackoutDateInput) =>
  api.post("/availability/blackout-dates", "blackoutDate", body);

export const removeBlackoutDate = (api: ApiClient, id: string) =>
  api.delete(`/availability/blackout-dates/${encodeURIComponent(id)}`, "none");
