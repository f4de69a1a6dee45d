import type { WeeklySchedule } from "@shared/availability.schema";
import { addCalendarDays, calendarDateAt } from "@shared/zoned-time";
import { eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { insertUser } from "../auth/users.repo";
import { insertBlackoutDate } from "../availability/blackout-dates.repo";
import { replaceWeeklySchedule } from "../availability/weekly-hours.repo";
import { insertBookings } from "../bookings/bookings-write.repo";
import { insertCallsBulk } from "../calls/calls-write.repo";
import { hasAnyBusiness, insertBusiness, updateAvailabilityRules } from "../company/businesses.repo";
import type { Database, Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { calls } from "../db/schema/calls.schema";
import { services } from "../db/schema/services.schema";
import { insertServices } from "../services/services.repo";
import { demoBookings } from "./demo-bookings";
import { demoCalls } from "./demo-calls";
import { DEMO_SERVICES } from "./demo-services";
import { nextUsPublicHoliday } from "./us-public-holidays";

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

/** The demo bookings, written through the bookings writer's bulk load, linked to the calls that made them. */
async function seedDemoBookings(
  tx: Executor,
  business: { id: string; timezone: string },
  now: Date,
  holiday: string,
) {
  const offered = await tx
    .select({
      id: services.id,
      name: services.name,
      durationMinutes: services.durationMinutes,
      priceCents: services.priceCents,
      bufferBeforeMinutes: services.bufferBeforeMinutes,
      bufferAfterMinutes: services.bufferAfterMinutes,
      isActive: services.isActive,
    })
    .from(services)
    .where(eq(services.businessId, business.id));
  const made = await tx
    .select({
      id: calls.id,
      externalId: calls.externalId,
      startedAt: calls.startedAt,
      durationSeconds: calls.durationSeconds,
      outcome: calls.outcome,
      serviceName: calls.serviceName,
      callerName: calls.callerName,
      callerNumber: calls.callerNumber,
    })
    .from(calls)
    .where(eq(calls.businessId, business.id))
    .orderBy(calls.startedAt);
  const bookings = demoBookings({
    now,
    timezone: business.timezone,
    schedule: DEMO_WEEK,
    closedDates: [holiday],
    services: offered
      .filter((s) => s.isActive)
      .map(({ isActive: _, ...s }) => ({
        ...s,
        bufferBeforeMinutes: s.bufferBeforeMinutes ?? DEMO_RULES.bufferBeforeMinutes,
        bufferAfterMinutes: s.bufferAfterMinutes ?? DEMO_RULES.bufferAfterMinutes,
      })),
    calls: made,
  });
  await insertBookings(tx, business.id, bookings, { kind: "system", id: null, name: "Demo data" });
}

/**
 * Fills an empty database with the demo tenant, its services, hours, rules, a coming public holiday, six
 * weeks of calls up to `now` and bookings over the weeks around it (those the calls made among them); does
 * nothing when any business exists, so every start may call it.
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
      const holiday = demoHoliday(now, business.timezone);
      await insertBlackoutDate(tx, business.id, holiday);
      await insertCallsBulk(tx, business.id, demoCalls(now, business, DEMO_WEEK), now);
      await seedDemoBookings(tx, business, now, holiday.startDate);
    });
    return true;
  } catch (error) {
    // Another instance seeded the same empty database a moment earlier.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
