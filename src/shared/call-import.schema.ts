import { type } from "arktype";

/** Reports one import request may carry. */
export const CALL_IMPORT_MAX_ITEMS = 1000;

/**
 * POST /api/assistant/calls/import: a business's call history from another platform, up to 1,000 call
 * reports (each as POST /api/assistant/calls takes it) per request. Items are checked one by one, so the
 * envelope only requires an array.
 */
export const callImportRequest = type({
  "+": "reject",
  calls: type("unknown[]").atLeastLength(1).atMostLength(CALL_IMPORT_MAX_ITEMS),
});
export type CallImportRequest = typeof callImportRequest.infer;

const acceptedItem = type({
  index: "number.integer >= 0",
  externalId: "string",
  accepted: "true",
  _id: "string",
  created: "boolean",
});

const refusedItem = type({
  index: "number.integer >= 0",
  externalId: "string | null",
  accepted: "false",
  error: { code: "'VALIDATION' | 'INTERNAL'", message: "string" },
});

/** Per item, by its index in `calls`: stored (created or updated) or refused with the reason. */
export const callImportResult = type({
  accepted: "number.integer >= 0",
  refused: "number.integer >= 0",
  results: acceptedItem.or(refusedItem).array(),
});
export type CallImportResult = typeof callImportResult.infer;
export type CallImportItemResult = CallImportResult["results"][number];
