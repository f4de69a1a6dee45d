import type { ServiceChanges, ServiceInput } from "@shared/service.schema";
import type { ApiClient } from "../../lib/api-client";

export const createService = (api: ApiClient, input: ServiceInput) => api.post("/services", "service", input);

/** PATCH /api/services/:id: only the fields a user changed, so what another tab saved stays. */
export const changeService = (api: ApiClient, id: string, changes: ServiceChanges) =>
  api.patch(`/services/${encodeURIComponent(id)}`, "service", changes);

export const deleteService = (api: ApiClient, id: string) =>
  api.delete(`/services/${encodeURIComponent(id)}`, "none");
