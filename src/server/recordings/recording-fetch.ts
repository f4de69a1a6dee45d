import { randomUUID } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { get, type RequestOptions } from "node:https";
import type { LookupFunction } from "node:net";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { rootCertificates } from "node:tls";
import { isPublicAddress, publicUrlProblem } from "@shared/public-url";
import { audioTypeOf } from "./audio-types";
import type { RecordingFile } from "./recording-storage";

/** A recording's download, through to its last byte, must take no longer (a platform trickling bytes is cut). */
export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
/** Larger than any phone call's recording (a 4-hour WAV at 8 kHz is about 230 MB); a larger body is refused. */
export const MAX_RECORDING_BYTES = 256 * 1024 * 1024;

/**
 * How one download ended: the file on disk, or a failure to try again (the platform or the network failing)
 * or not (the link expired or is gone: `expired`; refused for good: `failed`).
 */
export type FetchOutcome =
  | { file: RecordingFile }
  | { retry: true; reason: string }
  | { retry: false; state: "expired" | "failed"; reason: string };

/** Downloads recording links into files under `incomingDir`, which the caller deletes once stored. */
export type RecordingFetcher = (url: string) => Promise<FetchOutcome>;

/**
 * The SSRF guard's second half (see public-url.ts): the host name is resolved here and the connection made to
 * the address checked, never to one a second resolution might give. A host the configuration pins
 * (RECORDING_SOURCE_HOSTS) gets its configured address, trusted as the operator's word.
 */
function guardedLookup(pinned: Readonly<Record<string, string>>, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (error: Error | null, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const pin = pinned[hostname.toLowerCase()];
    if (pin) return answer(null, [{ address: pin, family: pin.includes(":") ? 6 : 4 }]);
    resolve(hostname, { family: options.family, all: true }, (error, addresses) => {
      if (error) return answer(error, []);
      const refused = addresses.find((address) => !isPublicAddress(address.address));
      if (refused || addresses.length === 0)
        return answer(new Error(`${hostname} resolves to a non-public address`), []);
      answer(null, addresses);
    });
  };
}

class TooLarge extends Error {}

/** Counts the bytes passing, and fails the stream once more than `max` have. */
function byteCounter(max: number) {
  const counted = { bytes: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      done(counted.bytes > max ? new TooLarge() : null, chunk);
    },
  });
  return { stream, counted };
}

/**
 * The fetcher: the link checked again by the guard the report passed (it may have been stored under older
 * rules), its host's address checked, no redirect followed (a presigned link answers itself; a redirect could
 * lead anywhere), the whole download within DOWNLOAD_TIMEOUT_MS and MAX_RECORDING_BYTES.
 */
export function createRecordingFetcher(options: {
  incomingDir: string;
  pinnedHosts: Readonly<Record<string, string>>;
  /** Certificate authorities trusted besides the system's (PEM), or null. */
  extraCa: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  /** The DNS resolution checked (node's own; a test's stand-in). */
  resolve?: typeof dnsLookup;
}): RecordingFetcher {
  const timeoutMs = options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_RECORDING_BYTES;
  const lookup = guardedLookup(options.pinnedHosts, options.resolve ?? dnsLookup);
  const ca = options.extraCa ? [...rootCertificates, options.extraCa] : undefined;

  return async (url) => {
    const problem = publicUrlProblem(url);
    if (problem) return { retry: false, state: "failed", reason: `The link ${problem}` };
    await mkdir(options.incomingDir, { recursive: true });
    const path = join(options.incomingDir, randomUUID());
    const signal = AbortSignal.timeout(timeoutMs);
    const request: RequestOptions = { lookup, signal, headers: { accept: "audio/*" }, ...(ca && { ca }) };
    try {
      const response = await new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
        get(url, request, resolve).once("error", reject);
      });
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        if ([403, 404, 410].includes(status))
          return {
            retry: false,
            state: "expired",
            reason: `The platform answered ${status}: the link expired or is gone`,
          };
        if (status >= 500 || status === 408 || status === 429)
          return { retry: true, reason: `The platform answered ${status}` };
        return { retry: false, state: "failed", reason: `The platform answered ${status}` };
      }
      const declared = Number(response.headers["content-length"]);
      if (declared > maxBytes) {
        response.destroy();
        return { retry: false, state: "failed", reason: `The recording is larger than ${maxBytes} bytes` };
      }
      const counter = byteCounter(maxBytes);
      await pipeline(response, counter.stream, createWriteStream(path), { signal });
      const sizeBytes = counter.counted.bytes;
      return { file: { path, sizeBytes, contentType: audioTypeOf(response.headers["content-type"], url) } };
    } catch (error) {
      await rm(path, { force: true });
      if (error instanceof TooLarge)
        return { retry: false, state: "failed", reason: `The recording is larger than ${maxBytes} bytes` };
      const reason = error instanceof Error ? error.message : String(error);
      return {
        retry: true,
        reason: signal.aborted ? `The download took longer than ${timeoutMs} ms` : reason,
      };
    }
  };
}

/**
 * Deletes the downloads a crashed process left in `incomingDir` (its own are deleted once stored or failed):
 * those older than `olderThanMs` by the file system's clock, so a download of another instance sharing the
 * folder, which ends within its lease, is never taken from under it.
 */
export async function sweepIncoming(incomingDir: string, olderThanMs: number): Promise<number> {
  const names = await readdir(incomingDir).catch(() => []);
  let swept = 0;
  for (const name of names) {
    const path = join(incomingDir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs < olderThanMs) continue;
    await rm(path, { force: true });
    swept++;
  }
  return swept;
}
