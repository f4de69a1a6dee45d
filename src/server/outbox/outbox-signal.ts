/**
 * News of outbox rows this process has just written (committed or not: a needless wake-up costs one
 * claim query), so a channel's worker sends within a moment instead of at its next scheduled check.
 * In-process only: another instance's rows are found by the scheduled check.
 */
type Listener = (businessIds: readonly string[]) => void;

const listeners = new Set<Listener>();

/** Call once the write that added outbox rows for these businesses is over. */
export function outboxWritten(businessIds: Iterable<string>): void {
  if (listeners.size === 0) return;
  const ids = [...businessIds];
  if (ids.length > 0) for (const listener of listeners) listener(ids);
}

/** Subscribes a worker; returns the unsubscribe. */
export function onOutboxWritten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
