import { type } from "arktype";
import { hasAtMostDecimals } from "./price-decimals";
import { SERVICE_CATEGORIES } from "./service.constants";

export { SERVICE_CATEGORIES, type ServiceCategory } from "./service.constants";

export const serviceCategory = type.enumerated(...SERVICE_CATEGORIES);

/**
 * Dollars with at most two decimals: 19.99 is a price, 19.999 is not (prices are stored as whole cents). A
 * currency with fewer decimals allows fewer (price-decimals.ts): the server checks that against the business's.
 */
export const servicePrice = type("0 <= number <= 1000000").narrow(
  (price, ctx) =>
    hasAtMostDecimals(price, 2) ||
    ctx.reject({ expected: "an amount with at most two decimals", actual: String(price) }),
);

/** Minutes kept free before or after an appointment of this service; null follows the business default. */
export const serviceBufferMinutes = type("0 <= number.integer <= 240 | null");

const serviceName = type("string.trim").to("1 <= string <= 200");
const serviceDescription = type("string <= 2000");
const serviceDuration = type("1 <= number.integer <= 1440");
// "" is what the spec's form sends when no category is chosen (spec 9: empty by default): none, as null.
const serviceCategoryInput = serviceCategory.or("null").or(type("''").pipe(() => null));

/**
 * POST /api/services and PUT /api/services/:id (spec 7), the form's values as sent (spec 5): the server checks
 * them with this schema, the service form with the same one. The buffers go beyond spec 7's body: optional.
 */
export const serviceInput = type({
  "+": "reject",
  // Spec 4's eye action sends the service whole, as GET answers it: its _id may come back. The path names the
  // service; a PUT whose _id names another one is refused.
  "_id?": "string",
  name: serviceName,
  "description?": serviceDescription,
  duration: serviceDuration,
  price: servicePrice,
  "category?": serviceCategoryInput,
  isActive: "boolean",
  "bufferBeforeMinutes?": serviceBufferMinutes,
  "bufferAfterMinutes?": serviceBufferMinutes,
});
export type ServiceInput = typeof serviceInput.inferIn;

/**
 * PATCH /api/services/:id (beyond spec 7): any of a service's fields, each checked as in serviceInput; what
 * is left out keeps its stored value. The portal's eye action sends `isActive` alone and its edit dialog the
 * fields changed in it, so neither puts back what another tab saved meanwhile.
 */
export const serviceChanges = type({
  "+": "reject",
  "name?": serviceName,
  "description?": serviceDescription,
  "duration?": serviceDuration,
  "price?": servicePrice,
  "category?": serviceCategoryInput,
  "isActive?": "boolean",
  "bufferBeforeMinutes?": serviceBufferMinutes,
  "bufferAfterMinutes?": serviceBufferMinutes,
});
export type ServiceChanges = typeof serviceChanges.inferIn;

/** A service as the portal lists it (spec 3 "Service"), with its own buffers (null: the business default). */
export const service = type({
  _id: "string",
  name: "string",
  description: "string",
  duration: "number.integer >= 1",
  price: "number >= 0",
  category: serviceCategory.or("null"),
  isActive: "boolean",
  bufferBeforeMinutes: "number.integer >= 0 | null",
  bufferAfterMinutes: "number.integer >= 0 | null",
});
export type Service = typeof service.infer;

/** GET /api/services */
export const serviceList = service.array();
