/**
 * What a call's player plays: our own copy when the server holds one (the platform's link may have expired),
 * else the platform's link as reported.
 */
export const recordingSourceOf = (call: { recordingUrl: string | null; recordingCopyUrl?: string }) =>
  call.recordingCopyUrl ?? call.recordingUrl;
