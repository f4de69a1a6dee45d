/**
 * The recording hosts the tests' reports and platform fixtures name that public DNS answers, pinned to
 * 127.0.0.1 (nothing listens on its 443: refused at once), so a server under test never fetches a recording
 * from the internet; a copy of theirs just waits for its retry. Hosts under reserved names (.test, .example)
 * resolve nowhere anyway. A test of the copy itself passes its fake's own RECORDING_SOURCE_HOSTS instead.
 */
export const UNREACHABLE_RECORDING_HOSTS = {
  RECORDING_SOURCE_HOSTS: ["storage.vapi.ai", "retellai.s3.us-west-2.amazonaws.com", "recordings.example.com"]
    .map((host) => `${host}=127.0.0.1`)
    .join(","),
};
