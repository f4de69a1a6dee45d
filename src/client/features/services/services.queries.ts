import type { ServiceInput } from "@shared/service.schema";
import type { ApiClient } from "../../lib/api-client";
import { responseSchema } from "../../lib/response-check";
import { noData } from "../../lib/response-schema";

export const createService = (api: ApiClient, input: ServiceInput) =>
  api.post("/services", responseSchema("service"), input);

export const updateService = (api: ApiClient, id: string, input: ServiceInput) =>
  api.put(`/services/${encodeURIComponent(id)}`, responseSchema("service"), input);

export const deleteService = (api: ApiClient, id: string) =>
  api.delete(`/services/${encodeURIComponent(id)}`, noData);
