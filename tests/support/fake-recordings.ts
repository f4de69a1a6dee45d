import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { UNREACHABLE_RECORDING_HOSTS } from "./recording-hosts";

/*
 * A fake voice platform's recording storage on 127.0.0.1, over https as the platforms' links are: each link is
 * presigned in S3's style (X-Amz-Date, X-Amz-Expires) and answers 403 "Request has expired" once the test's
 * clock is past it, as the platforms' links do after hours or days. Failures happen on demand. The server
 * reaches it by its host name through configuration (`env`): the name pinned to 127.0.0.1
 * (RECORDING_SOURCE_HOSTS) and the fake's certificate trusted (RECORDING_SOURCE_CA_FILE); the SSRF guard is
 * otherwise as in production.
 */

/** The fake's host name in links: a reserved name (RFC 6761) no DNS answers. */
export const FAKE_RECORDINGS_HOST = "recordings.test";
const FIXTURES = join(import.meta.dirname, "../fixtures");
const CERT_FILE = join(FIXTURES, "fake-recordings.cert.pem");

/** A valid WAV of `seconds` of a quiet 440 Hz tone, 8 kHz mono 16-bit: small, and playable by any browser. */
export function tinyWav(seconds = 0.5): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

export type FakeRecordings = Awaited<ReturnType<typeof startFakeRecordings>>;

/** `now`: the clock the links expire by (the server's test clock; real time by default). */
export async function startFakeRecordings(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const files = new Map<string, { body: Buffer; contentType: string }>();
  let failures: number[] = [];
  /** Requests to keep waiting (the next ones, in order) until the test lets each go. */
  const holds: { arrived: () => void; released: Promise<void> }[] = [];
  /** Every request, by path: what the server fetched. */
  const requests: string[] = [];
  const sockets = new Set<Duplex>();

  /** What a link answers now: the file, 404 for an unknown one, 403 once its presigned time is over. */
  const answer = (url: URL) => {
    const file = files.get(url.pathname);
    const signed = url.searchParams.get("X-Amz-Date");
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    if (!file || !signed)
      return {
        status: 404,
        contentType: "application/xml",
        body: Buffer.from("<Error><Code>NoSuchKey</Code></Error>"),
      };
    if (now().getTime() >= Date.parse(signed) + expires * 1000) {
      const body = "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>";
      return { status: 403, contentType: "application/xml", body: Buffer.from(body) };
    }
    return { status: 200, ...file };
  };

  const server = createServer(
    { cert: readFileSync(CERT_FILE), key: readFileSync(join(FIXTURES, "fake-recordings.key.pem")) },
    async (req, res) => {
      const url = new URL(req.url ?? "/", `https://${FAKE_RECORDINGS_HOST}`);
      requests.push(url.pathname);
      const held = holds.shift();
      if (held) {
        held.arrived();
        await held.released;
      }
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure, { "content-type": "text/plain" }).end("Failing on purpose");
        return;
      }
      const { status, contentType, body } = answer(url);
      res.writeHead(status, { "content-type": contentType, "content-length": body.length }).end(body);
    },
  );
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /**
     * What the server under test is started with, to reach the fake by its name and trust its certificate;
     * the public hosts other reports name stay pinned where nothing answers (recording-hosts.ts).
     */
    env: {
      RECORDING_SOURCE_HOSTS: `${UNREACHABLE_RECORDING_HOSTS.RECORDING_SOURCE_HOSTS},${FAKE_RECORDINGS_HOST}=127.0.0.1`,
      RECORDING_SOURCE_CA_FILE: CERT_FILE,
    },
    /**
     * Serves `body` at `/<name>` and answers its presigned link, valid for `expiresInSeconds` from the
     * fake's clock now.
     */
    publish(name: string, body: Buffer, { expiresInSeconds = 3600, contentType = "audio/wav" } = {}) {
      files.set(`/${name}`, { body, contentType });
      const signed = now().toISOString();
      const query = new URLSearchParams({
        "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
        "X-Amz-Date": signed,
        "X-Amz-Expires": String(expiresInSeconds),
        "X-Amz-Signature": "0".repeat(64),
      });
      return `https://${FAKE_RECORDINGS_HOST}:${port}/${name}?${query}`;
    },
    /** The status the link answers now (without counting as a request). */
    statusOf: (link: string) => answer(new URL(link)).status,
    /** The next requests answer these statuses, one each, before the files are served again. */
    failNext(...statuses: number[]) {
      failures = [...failures, ...statuses];
    },
    /**
     * Keeps the next request waiting: `arrived` resolves once it has come, and it is answered after `release()`
     * (a download under way while the test changes things).
     */
    holdNext() {
      let arrived = () => {};
      let release = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      holds.push({ arrived: () => arrived(), released: new Promise<void>((resolve) => (release = resolve)) });
      return { arrived: arrival, release: () => release() };
    },
    /** Forgets the failures still queued (a test that failed half way leaves none to the next). */
    reset() {
      failures = [];
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
