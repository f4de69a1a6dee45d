import { type CallImportItemResult, callImportRequest, callImportResult } from "@shared/call-import.schema";
import { type CallReport, callReport } from "@shared/calls.schema";
import { type } from "arktype";
import { callImportExample, callImportResultExample } from "../assistant/assistant.examples";
import type { ApiRouter } from "../http/api-router";
import { ok } from "../http/respond";
import { findUnstorableText } from "../http/unstorable-text";
import { Refusal } from "../refusal";
import type { IsoTime } from "../time/iso-time";
import { type CallIngest, parseStartedAt, startedAtProblem } from "./call-ingest";

/** The path of the import, whose bodies may be far larger than any other request's. */
export const CALL_IMPORT_PATH = "/api/assistant/calls/import";

const externalIdOf = (item: unknown) =>
  typeof item === "object" && item !== null && "externalId" in item && typeof item.externalId === "string"
    ? item.externalId
    : null;

/** POST /api/assistant/calls/import on the assistant router: many reports, each accepted or refused alone. */
export function addCallImportRoute(router: ApiRouter, ingest: CallIngest, logError: (error: Error) => void) {
  router.add(
    {
      method: "post",
      path: "/calls/import",
      summary: "Import call history: up to 1,000 call reports, each accepted or refused on its own",
      description:
        "For a business moving from another platform. Each item is a call report exactly as POST " +
        "/api/assistant/calls takes it, with the same rules: idempotent per externalId (importing the same " +
        "file again creates nothing new), optional fields left out keep their stored value, a stale " +
        "in-progress report changes nothing, and several reports of one call apply in order. Items are " +
        "checked one by one: an invalid item is refused with the reason and the others are stored; no item " +
        "is ever stored in part. The answer lists every item by its index. Bodies may be up to 8 MiB.",
      auth: "presumedAssistantKey",
      body: callImportRequest,
      bodyPerItem: true,
      response: callImportResult,
      examples: { body: callImportExample, response: callImportResultExample },
      errors: [],
    },
    async (c, { body }) => {
      const results: CallImportItemResult[] = new Array(body.calls.length);
      const valid: {
        index: number;
        report: CallReport;
        time: IsoTime;
      }[] = [];
      for (const [index, item] of body.calls.entries()) {
        const refuse = (message: string) => {
          results[index] = {
            index,
            externalId: externalIdOf(item),
            accepted: false,
            error: { code: "VALIDATION", message },
          };
        };
        const out = callReport(item);
        if (out instanceof type.errors) {
          refuse(out.summary);
          continue;
        }
        const unstorable = findUnstorableText(JSON.stringify(item), item);
        if (unstorable) {
          refuse(`${unstorable} contains a NUL character or an unpaired surrogate, which cannot be stored`);
          continue;
        }
        const time = parseStartedAt(out.startedAt);
        if (!time) {
          refuse(startedAtProblem(out.startedAt));
          continue;
        }
        valid.push({ index, report: out, time });
      }
      const answers = valid.length ? await ingest.import(c.get("assistantClaim"), valid) : [];
      for (const [position, answer] of answers.entries()) {
        const { index, report } = valid[position]!;
        if (answer instanceof Refusal && answer.code === "VALIDATION") {
          results[index] = {
            index,
            externalId: report.externalId,
            accepted: false,
            error: { code: "VALIDATION", message: answer.message },
          };
        } else if (answer instanceof Error) {
          logError(answer);
          results[index] = {
            index,
            externalId: report.externalId,
            accepted: false,
            error: { code: "INTERNAL", message: "This call could not be stored" },
          };
        } else {
          results[index] = {
            index,
            externalId: report.externalId,
            accepted: true,
            _id: answer.id,
            created: answer.created,
          };
        }
      }
      const accepted = results.filter((result) => result.accepted).length;
      return ok(c, { accepted, refused: results.length - accepted, results });
    },
  );
}
