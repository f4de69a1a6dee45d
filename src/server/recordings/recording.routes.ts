import { Readable } from "node:stream";
import { type } from "arktype";
import type { Context } from "hono";
import { sessionIsLive } from "../auth/refresh-tokens.repo";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv, AuthContext } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { Refusal, unauthenticated } from "../refusal";
import { findStoredCopy } from "./recording-copies.repo";
import type { RecordingLinks } from "./recording-links";
import { requestedRange } from "./recording-ranges";
import type { RecordingStorage } from "./recording-storage";

const NO_RECORDING = "No copied recording for this call";

const recordingQuery = type({ "+": "reject", "access?": "1 <= string <= 400" });

/** GET /api/calls/:id/recording: our copy of a call's recording, to the business's staff only. */
export function recordingRoutes(
  deps: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  storage: RecordingStorage,
  links: RecordingLinks,
) {
  const { db, clock } = deps;
  const router = new ApiRouter("/api/calls", guards);

  /** The staff member asking: by the link's token (an <audio> element's request), else by the access token. */
  const staffOf = async (
    c: Context<AppEnv>,
    callId: string,
    access: string | undefined,
  ): Promise<AuthContext> => {
    if (access === undefined) {
      await guards.user(c, async () => {});
      return c.get("auth");
    }
    const now = clock();
    const auth = links.verify(access, callId, now);
    if (!auth || !(await sessionIsLive(db, auth, now))) throw unauthenticated();
    return auth;
  };

  router.add(
    {
      method: "get",
      path: "/:id/recording",
      summary: "Our copy of the call's recording, for the business's staff; byte ranges for seeking",
      description:
        "Signed in by the access token, or by `access`: the token of the `recordingCopyUrl` the call's detail " +
        "gives (a media element sends no Authorization header; it lives one to two hours, for that staff " +
        "member's session and that call, and stops when the session is signed out). 404 NOT_FOUND when the " +
        "call is not the business's or has no copy (yet); the copy " +
        'is made when the call ends (docs/spec-notes.md, "Recording copies"). A `Range: bytes=…` of one ' +
        "range answers 206 with Content-Range; one past the end answers 416 with `Content-Range: bytes */size`. " +
        "Cache-Control: private.",
      query: recordingQuery,
      response: null,
      file: "audio/*",
      status: [200, 206],
      responseHeaders: {
        "Accept-Ranges": "bytes",
        "Content-Range": "bytes start-end/size, on a 206",
        "Cache-Control": "private",
      },
      examples: { query: {} },
      errors: ["UNAUTHENTICATED", "NOT_FOUND"],
    },
    async (c, { query }) => {
      const callId = readIdParam(c, NO_RECORDING);
      const { businessId } = await staffOf(c, callId, query.access);
      const key = { businessId, callId };
      const copy = await findStoredCopy(db, key);
      if (!copy) throw new Refusal("NOT_FOUND", NO_RECORDING);
      const size = copy.sizeBytes;
      const common = { "Accept-Ranges": "bytes", "Cache-Control": "private" };
      const range = requestedRange(c.req.header("range"), size);
      if (range === "unsatisfiable")
        return c.body(null, 416, { ...common, "Content-Range": `bytes */${size}` });
      const { start, end } = range ?? { start: 0, end: size - 1 };
      const headers = {
        ...common,
        "Content-Type": copy.contentType,
        "Content-Length": String(end - start + 1),
        ...(range && { "Content-Range": `bytes ${start}-${end}/${size}` }),
      };
      const status = range ? 206 : 200;
      // A HEAD (Hono answers it with the GET route) opens no file: nothing would read it.
      if (c.req.method === "HEAD") return c.body(null, status, headers);
      const stream = size === 0 ? Readable.from([]) : await storage.open(key, { start, end });
      if (!stream) throw new Refusal("NOT_FOUND", NO_RECORDING);
      return c.body(Readable.toWeb(stream) as ReadableStream, status, headers);
    },
  );

  return router;
}
