/** Spec 2: a call's duration as m:ss (minutes keep counting past the hour). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The same span as an ISO 8601 duration, for <time dateTime>. */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;
}
