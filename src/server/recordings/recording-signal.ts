/**
 * News that recording copy jobs were just written (a link set, changed or removed), so this process's copy
 * worker looks within a moment instead of at its next scheduled scan. In-process only: another instance's
 * jobs are found by the scan.
 */
const listeners = new Set<() => void>();

/** Call once the write is over (or about to be committed: a look too early finds the job at the next scan). */
export function recordingCopiesChanged(): void {
  for (const listener of listeners) listener();
}

/** Subscribes a worker; returns the unsubscribe. */
export function onRecordingCopiesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
