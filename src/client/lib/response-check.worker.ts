// arktype's start-up (half a second on a desktop, seconds on a slow phone) and every check run here, off the
// page's main thread. Imported at once, so the start-up runs while the page's first requests are in flight.
import "arktype";
import type { CheckAnswer, CheckRequest, PrepareRequest } from "./response-check";
import { check } from "./response-schema";
import { loadResponseSchema } from "./response-schemas";

self.addEventListener("message", async ({ data: request }: MessageEvent<CheckRequest | PrepareRequest>) => {
  if ("prepare" in request) {
    // Only a head start: a schema that fails to load fails the check that needs it.
    loadResponseSchema(request.prepare).catch(() => undefined);
    return;
  }
  let answer: CheckAnswer;
  try {
    const verdict = await check<unknown>(await loadResponseSchema(request.name), request.data);
    answer = { id: request.id, problem: verdict.ok ? undefined : verdict.problem };
  } catch {
    // The schema's code could not be fetched here: the page checks it itself rather than wait for good.
    answer = { id: request.id, unchecked: true };
  }
  postMessage(answer);
});
