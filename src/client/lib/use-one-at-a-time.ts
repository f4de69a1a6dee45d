import { useCallback, useRef } from "react";
import { ApiError } from "./api-client";

/**
 * One press, one request: runs a submit's task unless the one before has not ended yet. A "saving" flag read from
 * the render is a stale closure — a second press before React has drawn the first one's (a quick double press, or
 * one while a lazily loaded check is awaited before the request goes) still reads "not saving" and sends it again;
 * this flag is set and read at the press itself. A refusal (ApiError) is the task's own to report (its mutation's
 * onError toast); anything else is a bug to see.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback((task: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    void task()
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      })
      .finally(() => {
        running.current = false;
      });
  }, []);
}
