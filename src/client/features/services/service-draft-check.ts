import { hasAtMostDecimals } from "@shared/price-decimals";
import { SERVICE_FIELDS } from "@shared/service.constants";
import { type ServiceInput, serviceInput } from "@shared/service.schema";
import { type } from "arktype";

export type ServiceField = keyof ServiceInput;

/**
 * The fields the shared schema refuses, in form order, and a price with more decimals than the currency's
 * (`priceDecimals`): the very checks the server makes. Loaded only when a form is submitted (arktype stays out
 * of the page's chunk).
 */
export function refusedFields(input: ServiceInput, priceDecimals: number): ServiceField[] {
  const out = serviceInput(input);
  const refused = new Set(
    out instanceof type.errors ? out.map((problem) => String(problem.path[0] ?? "")) : [],
  );
  if (!hasAtMostDecimals(input.price, priceDecimals)) refused.add("price");
  return FORM_ORDER.filter((field) => refused.has(field));
}

const FORM_ORDER: readonly ServiceField[] = SERVICE_FIELDS;
