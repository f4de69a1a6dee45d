import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceInput } from "@shared/service.schema";
import type { NumberField, Unreadable } from "./service-draft";
import type { ServiceField } from "./service-draft-check";
import { priceDecimalsOf } from "./service-price";

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const DURATION_MAX = 1440;
const BUFFER_MAX = 240;

/**
 * What the user reads about a field the shared schema refused (spec 5 wording where it has one). The schema
 * decides that the field is wrong; the value (and the business's currency, for the price) says which rule it broke.
 */
export function refusalMessage(
  field: ServiceField,
  input: ServiceInput,
  currency: string | undefined,
): MessageDescriptor {
  switch (field) {
    case "name":
      return input.name.trim() === ""
        ? msg`Service name is required`
        : msg`Service name must be at most ${NAME_MAX} characters`;
    case "description":
      return msg`Description must be at most ${DESCRIPTION_MAX} characters`;
    case "duration":
      if (!Number.isInteger(input.duration)) return msg`Duration must be whole minutes`;
      return input.duration < 1
        ? msg`Duration must be at least 1 minute`
        : msg`Duration must be at most ${DURATION_MAX} minutes`;
    case "price":
      if (input.price < 0) return msg`Price cannot be negative`;
      if (input.price > 1_000_000) return msg`Price must be at most 1,000,000`;
      return currency && priceDecimalsOf(currency) === 0
        ? msg`Price must be a whole amount in ${currency}`
        : msg`Price can have at most two decimals`;
    case "bufferBeforeMinutes":
    case "bufferAfterMinutes":
      return msg`Enter whole minutes from 0 to ${BUFFER_MAX}, or leave empty for the business default`;
    default:
      return msg`Check this value`;
  }
}

/** A 409 on save: another active service has the name. */
export const nameTakenMessage = msg`An active service with this name already exists. Choose another name or deactivate the other service.`;

/**
 * A number field whose text was not read: no number at all, or one that could mean two numbers ("1.234" in
 * German, "1,234" in English: a thousand and more, or one and a bit), refused with how to type it, never guessed.
 */
export function unreadableMessage(
  field: NumberField,
  why: Unreadable,
  typed: string,
  mark: string,
): MessageDescriptor {
  if (why === "notANumber") return msg`“${typed}” is not a number.`;
  return field === "price"
    ? msg`“${typed}” can be read two ways. Type the price without thousands separators, with “${mark}” before the decimals.`
    : msg`“${typed}” can be read two ways. Type whole minutes, without thousands separators.`;
}
