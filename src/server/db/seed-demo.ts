import type { WeeklySchedule } from "@shared/availability.schema";
import { addCalendarDays, calendarDateAt } from "@shared/zoned-time";
import { hashPassword } from "../auth/passwords";
import { demoCalls } from "../demo/demo-calls";
import { DEMO_SERVICES } from "../demo/demo-services";
import { nextUsPublicHoliday } from "../demo/us-public-holidays";
import { insertBlackoutDate } from "../repos/blackout-dates.repo";
import { hasAnyBusiness, insertBusiness, updateAvailabilityRules } from "../repos/businesses.repo";
import { insertCallsBulk } from "../repos/calls-write.repo";
import { insertServices } from "../repos/services.repo";
import { insertUser } from "../repos/users.repo";
import { replaceWeeklySchedule } from "../repos/weekly-hours.repo";
import type { Database } from "./database";
import { isUniqueViolation } from "./errors";

export const DEMO_EMAIL = "demo@calldesk.app";
export const DEMO_PASSWORD = "calldesk-demo";

/** Weekdays with a lunch break, Saturday mornings. */
const DEMO_WEEK: WeeklySchedule = {
  "0": [],
  "1": [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ],
  "2": [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ],
  "3": [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ],
  "4": [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ],
  "5": [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ],
  "6": [{ start: "09:00", end: "13:00" }],
};

/** A practice's rules: five minutes to turn the room round, two hours' notice, two months ahead. */
const DEMO_RULES = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 5,
  minimumNoticeMinutes: 120,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
};

/** The practice closes on the next federal holiday at least a week after `now`, so it shows among the slots. */
function demoHoliday(now: Date, timezone: string) {
  const holiday = nextUsPublicHoliday(addCalendarDays(calendarDateAt(now, timezone), 7));
  return {
    startDate: holiday.date,
    endDate: holiday.date,
    startTime: null,
    endTime: null,
    reason: "Public holiday",
  };
}

const DEMO_BUSINESS = {
  name: "Bright Smile Dental",
  phoneNumber: "+1 555 0100",
  timezone: "America/New_York",
  greeting:
    "Thank you for calling Bright Smile Dental! This is our virtual assistant. How can I help you today?",
  prompt:
    "Bright Smile Dental is a family dental practice in Brooklyn, New York. We offer check-ups and cleanings, " +
    "fillings, teeth whitening, Invisalign consultations and emergency appointments. Be warm and brief, " +
    "offer the earliest free slot that suits the caller, confirm their name and phone number, and never give " +
    "medical advice: for severe pain or swelling, offer the next emergency slot.",
  callTransfer: {
    enabled: true,
    transferPhoneNumbers: {
      default: "+1 555 0101",
      departments: { reception: "+1 555 0101", billing: "+1 555 0102" },
    },
    transferMessage: "Please hold while I transfer your call.",
    workingHoursOnly: true,
    maxWaitTime: 300,
  },
};

/**
 * Fills an empty database with the demo tenant, its services, hours, rules, a coming public holiday and six
 * weeks of calls up to `now`; does nothing when any business exists, so every start may call it. Later issues
 * add their demo rows (bookings) inside the same transaction.
 */
export async function seedDemo(db: Database, now: Date): Promise<boolean> {
  if (await hasAnyBusiness(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    await db.transaction(async (tx) => {
      const business = await insertBusiness(tx, DEMO_BUSINESS);
      await insertUser(tx, business.id, { email: DEMO_EMAIL, passwordHash });
      await insertServices(tx, business.id, [...DEMO_SERVICES]);
      await replaceWeeklySchedule(tx, business.id, DEMO_WEEK);
      await updateAvailabilityRules(tx, business.id, DEMO_RULES);
      await insertBlackoutDate(tx, business.id, demoHoliday(now, business.timezone));
      await insertCallsBulk(tx, business.id, demoCalls(now, business, DEMO_WEEK), now);
    });
    return true;
  } catch (error) {
    // Another instance seeded the same empty database a moment earlier.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
