import { assistantKeyList, createdAssistantKey } from "@shared/assistant.schema";
import { availability, blackoutDate, slotList } from "@shared/availability.schema";
import { booking, bookingCounts, bookingDetail, bookingList } from "@shared/booking.schema";
import { callDetail, callList } from "@shared/calls.schema";
import { company } from "@shared/company.schema";
import { dashboardStats } from "@shared/dashboard.schema";
import { service, serviceList } from "@shared/service.schema";
import { telegramLink, telegramLinkState, telegramStatus } from "@shared/telegram.schema";

/**
 * The response schemas of the signed-in pages' calls: the same objects the server's routes declare. Only
 * ever imported dynamically (response-schema.ts), so arktype travels in its own chunk.
 */
export const responseSchemas = {
  callList,
  callDetail,
  dashboardStats,
  assistantKeyList,
  createdAssistantKey,
  availability,
  blackoutDate,
  slotList,
  bookingList,
  bookingDetail,
  booking,
  bookingCounts,
  serviceList,
  service,
  company,
  telegramStatus,
  telegramLink,
  telegramLinkState,
};

export type ResponseSchemas = typeof responseSchemas;
