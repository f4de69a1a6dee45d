import { createContext, useContext } from "react";
import type { ApiClient } from "./api-client";

export const ApiContext = createContext<ApiClient | null>(null);

/** The app's one API client (spec 7), for query and mutation functions. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi must be used inside <ApiContext>");
  return api;
}
