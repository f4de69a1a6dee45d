import type { ServiceDraft } from "@machines/service-dialog.machine";
import type { Service, ServiceChanges, ServiceInput } from "@shared/service.schema";
import { readDecimal } from "../../lib/decimal-text";
import { changedFields } from "../../lib/draft-fields";

/** The fields typed as numbers. */
export type NumberField = "duration" | "price" | "bufferBeforeMinutes" | "bufferAfterMinutes";

/**
 * A saved service as the form shows it for editing: the price with the decimals its currency allows (two for
 * USD, none for JPY; more only if it has them, from before the currency changed), written as the interface
 * language writes it ("19,99" in German) without grouping, so that reading it back gives the same number.
 */
export function draftOfService(service: Service, locale: string, priceDecimals: number): ServiceDraft {
  const price = new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: priceDecimals,
    maximumFractionDigits: 2,
  }).format(service.price);
  const buffer = (minutes: number | null) => (minutes === null ? "" : String(minutes));
  return {
    name: service.name,
    description: service.description,
    duration: String(service.duration),
    price,
    category: service.category ?? "",
    isActive: service.isActive,
    bufferBeforeMinutes: buffer(service.bufferBeforeMinutes),
    bufferAfterMinutes: buffer(service.bufferAfterMinutes),
  };
}

/** Why a number field's text was not read: it could mean two numbers, or it is no number at all. */
export type Unreadable = "ambiguous" | "notANumber";

/** The form read: its values as the API takes them, and the number fields whose text could not be read. */
export type DraftReading = { input: ServiceInput; unreadable: { field: NumberField; why: Unreadable }[] };

/**
 * The form's text as the API takes it, numbers read in the interface language (lib/decimal-text.ts). Spec 5's
 * "a non-numeric entry becomes 0" is the number input's empty value: an empty field is 0, while text that is
 * not a number ("49,90 €") is refused at its field rather than saved as a free service. Duration and buffers
 * are read as numbers too, so that "1,5" minutes is refused as not whole rather than cut to 1 or read as 15.
 */
export function readDraft(draft: ServiceDraft, locale: string): DraftReading {
  const unreadable: DraftReading["unreadable"] = [];
  const numberOf = (field: NumberField) => {
    if (draft[field].trim() === "") return 0;
    const reading = readDecimal(draft[field], locale);
    if (reading.kind === "number") return reading.value;
    unreadable.push({ field, why: reading.kind === "ambiguous" ? "ambiguous" : "notANumber" });
    return 0;
  };
  // An empty buffer follows the business's default.
  const bufferOf = (field: "bufferBeforeMinutes" | "bufferAfterMinutes") =>
    draft[field].trim() === "" ? null : numberOf(field);
  const input: ServiceInput = {
    name: draft.name,
    description: draft.description,
    duration: numberOf("duration"),
    price: numberOf("price"),
    category: draft.category || null,
    isActive: draft.isActive,
    bufferBeforeMinutes: bufferOf("bufferBeforeMinutes"),
    bufferAfterMinutes: bufferOf("bufferAfterMinutes"),
  };
  return { input, unreadable };
}

/** What an edit sends: the fields whose value differs from the service as the dialog opened it. */
export function changesOf(input: ServiceInput, opened: ServiceDraft, locale: string): ServiceChanges {
  const before = readDraft(opened, locale).input;
  return Object.fromEntries([...changedFields(input, before)].map((field) => [field, input[field]]));
}
