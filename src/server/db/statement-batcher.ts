/** What a batch answers for each of its items, in order: the item's result, or the Error that fails it alone. */
export type BatchAnswer<Out> = Out | Error;

type Waiting<In, Out> = { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void };

/**
 * Turns many small requests for the same statement into few: whatever arrives within one turn of the event
 * loop, or while the previous batch is still running, goes into the next batch (at most `maxSize` items).
 * One batch runs at a time, so under load batches grow instead of queueing statements; a lone request waits
 * only for the end of the current turn.
 *
 * `run` answers item by item, in order. If it throws, every item of that batch is rejected with the error.
 */
export function createStatementBatcher<In, Out>(
  run: (items: In[]) => Promise<BatchAnswer<Out>[]>,
  { maxSize = 64 }: { maxSize?: number } = {},
): (item: In) => Promise<Out> {
  const queue: Waiting<In, Out>[] = [];
  let running = false;
  let scheduled = false;

  const schedule = () => {
    if (running || scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  const flush = async () => {
    scheduled = false;
    running = true;
    const batch = queue.splice(0, maxSize);
    try {
      const answers = await run(batch.map((waiting) => waiting.item));
      if (answers.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} got ${answers.length} answers`);
      }
      batch.forEach((waiting, index) => {
        const answer = answers[index] as BatchAnswer<Out>;
        if (answer instanceof Error) waiting.reject(answer);
        else waiting.resolve(answer);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      running = false;
      schedule();
    }
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Runs `items` by one statement (`run`); when the database refuses it, runs each item again alone, so an
 * item the database refuses fails alone, not the others that happened to share its batch.
 */
export async function eachFailingAlone<In, Out>(
  items: readonly In[],
  run: (items: readonly In[]) => Promise<Out[]>,
): Promise<BatchAnswer<Out>[]> {
  try {
    return await run(items);
  } catch (error) {
    if (items.length === 1) throw error;
    return Promise.all(items.map((item) => run([item]).then(([answer]) => answer!, asError)));
  }
}
