import { type } from "arktype";
import { SERVICE_CATEGORIES } from "./service.constants";

export { SERVICE_CATEGORIES, type ServiceCategory } from "./service.constants";

export const serviceCategory = type.enumerated(...SERVICE_CATEGORIES);

/** Dollars with at most two decimals: 19.99 is a price, 19.999 is not (prices are stored as whole cents). */
export const servicePrice = type("0 <= number <= 1000000").narrow(
  (price, ctx) =>
    Math.abs(Math.round(price * 100) - price * 100) < 1e-6 ||
    ctx.reject({ expected: "an amount with at most two decimals", actual: String(price) }),
);

/** Minutes kept free before or after an appointment of this service; null follows the business default. */
export const serviceBufferMinutes = type("0 <= number.integer <= 240 | null");

/**
 * POST /api/services and PUT /api/services/:id (spec 7), the form's values as sent (spec 5): the server checks
 * them with this schema, the service form with the same one. The buffers go beyond spec 7's body: optional.
 */
export const serviceInput = type({
  "+": "reject",
  // Spec 4's eye action sends the service whole, as GET answers it: its _id may come back. The path names the
  // service; a PUT whose _id names another one is refused.
  "_id?": "string",
  name: type("string.trim").to("1 <= string <= 200"),
  "description?": "string <= 2000",
  duration: "1 <= number.integer <= 1440",
  price: servicePrice,
  // "" is what the spec's form sends when no category is chosen (spec 9: empty by default): none, as null.
  "category?": serviceCategory.or("null").or(type("''").pipe(() => null)),
  isActive: "boolean",
  "bufferBeforeMinutes?": serviceBufferMinutes,
  "bufferAfterMinutes?": serviceBufferMinutes,
});
export type ServiceInput = typeof serviceInput.inferIn;

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
