import { setImmediate } from "node:timers/promises";

/**
 * Runs `step` (one statement taking at most `batch` rows) until a statement takes fewer than `batch`; resolves
 * to the rows taken and the statements run. Before each statement the event loop takes its turn: PGlite runs
 * statements on this thread and resolves them without any I/O, so a run of them alone would keep the server
 * from even reading a request until the last (the retention bench saw the calls list stall 13 s).
 */
export async function inBatches(
  batch: number,
  step: (limit: number) => Promise<number>,
): Promise<{ rows: number; statements: number }> {
  let rows = 0;
  let statements = 0;
  for (let taken = batch; taken === batch; ) {
    await setImmediate();
    taken = await step(batch);
    rows += taken;
    statements += 1;
  }
  return { rows, statements };
}
