// Reads measured while the tenant's data keeps changing, as a busy business's does: what a list costs when
// its kept answer (src/server/http/tenant-answers.ts) is dropped every few dozen milliseconds.

/** How often the writer changes the tenant's data while a list is measured. */
export const WRITE_EVERY_MS = 50;

/**
 * Runs `measure` while `write` runs every WRITE_EVERY_MS (each write awaited before the pause, so writes never
 * overlap); resolves to what `measure` gives and how many writes were made meanwhile (a write that answers
 * false had nothing left to change: printed beside the figure, so a quiet writer does not pass unseen).
 */
export async function whileWriting<T>(
  write: () => Promise<boolean>,
  measure: () => Promise<T>,
): Promise<{ result: T; writes: number }> {
  let writing = true;
  let writes = 0;
  const writer = (async () => {
    while (writing) {
      if (await write()) writes++;
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    }
  })();
  try {
    return { result: await measure(), writes };
  } finally {
    writing = false;
    await writer;
  }
}
