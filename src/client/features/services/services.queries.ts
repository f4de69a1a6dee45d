import type { ServiceInput } from "@shared/service.schema";
import type { ApiClient } from "../../lib/api-client";

export const createService = (api: ApiClient, input: ServiceInput) => api.post("/services", "service", input);

export const updateService = (api: ApiClient, id: string, input: ServiceInput) =>
  api.put(`/services/${encodeURIComponent(id)}`, "service", input);

export const deleteService = (api: ApiClient, id: string) =>
  api.delete(`/services/${encodeURIComponent(id)}`, "none");
