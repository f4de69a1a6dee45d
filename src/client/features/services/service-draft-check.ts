import { SERVICE_FIELDS } from "@shared/service.constants";
import { type ServiceInput, serviceInput } from "@shared/service.schema";
import { type } from "arktype";

export type ServiceField = keyof ServiceInput;

/**
 * The fields the shared schema refuses, in form order: the very check the server makes. Loaded only when a
 * form is submitted (arktype stays out of the page's chunk).
 */
export function refusedFields(input: ServiceInput): ServiceField[] {
  const out = serviceInput(input);
  if (!(out instanceof type.errors)) return [];
  const refused = new Set(out.map((problem) => String(problem.path[0] ?? "")));
  return FORM_ORDER.filter((field) => refused.has(field));
}

const FORM_ORDER: readonly ServiceField[] = SERVICE_FIELDS;
