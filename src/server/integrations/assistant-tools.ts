import { calendarDate } from "@shared/availability.schema";
import { type } from "arktype";

/*
 * The tools a voice platform's assistant is given (issue 24 §2): one catalogue for both platforms. The names
 * are stable (an owner pastes them into Vapi or Retell once); each tool's parameters are a JSON schema the
 * model reads and an arktype schema the server checks the model's arguments with. Arguments beyond those
 * named are ignored (models add some); a value the schema refuses is answered as an error the model can act on.
 */

/** Text a model may send as null for "not given" (some do rather than leave the key out). */
const optionalText = (max: number) => type("string.trim").to(`string <= ${max}`).or("null");

/** A date the model may leave out, send as null or empty (today, in the business's timezone, is then meant). */
const optionalDate = calendarDate.or("null | ''");

export const TOOL_ARGUMENTS = {
  find_free_slots: type({
    service: "string",
    "date?": optionalDate,
    "toDate?": optionalDate,
  }),
  book_appointment: type({
    service: "string",
    startTime: "string",
    customerName: "string",
    "customerPhone?": optionalText(40),
    "notes?": optionalText(1000),
  }),
  list_caller_bookings: type({ "customerPhone?": optionalText(40) }),
  reschedule_booking: type({ bookingId: "string", startTime: "string" }),
  cancel_booking: type({ bookingId: "string" }),
  get_business_info: type({}),
} as const;

export type ToolName = keyof typeof TOOL_ARGUMENTS;
export const TOOL_NAMES = Object.keys(TOOL_ARGUMENTS) as ToolName[];
export const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOL_ARGUMENTS, name);
export type ToolArguments<N extends ToolName> = (typeof TOOL_ARGUMENTS)[N]["infer"];

type JsonSchema = {
  type: "object";
  properties: Record<string, { type: "string"; description: string }>;
  required: string[];
};

const text = (description: string) => ({ type: "string" as const, description });

const SERVICE = text(
  "The service's name as the caller says it (or its id from get_business_info), e.g. Haircut",
);
const START_TIME = text(
  "The start, exactly as find_free_slots listed it (ISO 8601 with its offset, e.g. 2026-03-06T16:30:00+01:00)",
);
const PHONE = text(
  "The phone number to book under, if the caller gives one; leave it out to use the number the caller is calling from",
);
const LOOKUP_PHONE = text(
  "Only when the call's own number is unknown (a web call, a withheld number): the number the caller gives " +
    "(then only bookings made on this call are listed). Otherwise it is not used: the caller's bookings are " +
    "those of the number they call from",
);
const BOOKING_ID = text("The booking's id, as list_caller_bookings gave it");

/** What each tool is for and takes, as the model reads it (English: the model's instructions, not the caller's). */
export const TOOL_DESCRIPTIONS: Record<ToolName, { description: string; parameters: JsonSchema }> = {
  find_free_slots: {
    description:
      "Find the free appointment times of a service on a day (or from date to toDate, at most 14 days). " +
      "Answers start times in the business's timezone with their UTC offset; book one of them exactly.",
    parameters: {
      type: "object",
      properties: {
        service: SERVICE,
        date: text("The first day, YYYY-MM-DD, in the business's timezone; today when left out"),
        toDate: text("The last day, YYYY-MM-DD; the same as date when left out"),
      },
      required: ["service"],
    },
  },
  book_appointment: {
    description:
      "Book the caller into a free time that find_free_slots listed. When the time was taken meanwhile, the " +
      "answer gives the nearest free times to offer instead. The booking awaits the business's confirmation.",
    parameters: {
      type: "object",
      properties: {
        service: SERVICE,
        startTime: START_TIME,
        customerName: text("The caller's name, as they gave it"),
        customerPhone: PHONE,
        notes: text("Anything the business should know, in a sentence (optional)"),
      },
      required: ["service", "startTime", "customerName"],
    },
  },
  list_caller_bookings: {
    description:
      "List the caller's upcoming bookings (awaiting confirmation or confirmed), soonest first, with their ids " +
      "for reschedule_booking and cancel_booking: those of the number the call comes from (another number " +
      "the caller names is not looked up).",
    parameters: { type: "object", properties: { customerPhone: LOOKUP_PHONE }, required: [] },
  },
  reschedule_booking: {
    description:
      "Move one of the caller's bookings (those list_caller_bookings lists, or booked on this call) to " +
      "another free time (find_free_slots lists them). It then awaits " +
      "confirmation again; a taken time answers the nearest free ones.",
    parameters: {
      type: "object",
      properties: { bookingId: BOOKING_ID, startTime: START_TIME },
      required: ["bookingId", "startTime"],
    },
  },
  cancel_booking: {
    description:
      "Cancel one of the caller's bookings (those list_caller_bookings lists, or booked on this call), once the " +
      "caller has confirmed they want it cancelled.",
    parameters: { type: "object", properties: { bookingId: BOOKING_ID }, required: ["bookingId"] },
  },
  get_business_info: {
    description:
      "The business's details: name, opening hours, services with durations and prices, when and where to " +
      "transfer a call to a person, and its language and timezone.",
    parameters: { type: "object", properties: {}, required: [] },
  },
};
