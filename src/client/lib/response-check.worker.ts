import type { CheckAnswer, CheckRequest } from "./response-check";
import { check } from "./response-schema";
import { loadResponseSchema } from "./response-schemas";

// arktype's start-up (half a second on a desktop, seconds on a slow phone) and every check run here, off
// the page's main thread.
self.addEventListener("message", async ({ data: request }: MessageEvent<CheckRequest>) => {
  const verdict = await check<unknown>(await loadResponseSchema(request.name), request.data);
  const answer: CheckAnswer = { id: request.id, problem: verdict.ok ? undefined : verdict.problem };
  postMessage(answer);
});
