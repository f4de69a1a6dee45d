import type { ResponseSchema } from "./response-schema";

/**
 * The response schemas of the signed-in pages' calls: the same objects the server's routes declare, each
 * module loaded when one of its schemas is first asked for. Parsing all of them took a third of the checker's
 * start-up (arktype's own the rest) and a page needs one or two. Only ever imported dynamically
 * (response-check.ts), so arktype travels in its own chunk.
 */
export const responseSchemaLoaders = {
  callList: () => import("@shared/calls.schema").then((m) => m.callList),
  callDetail: () => import("@shared/calls.schema").then((m) => m.callDetail),
  dashboardStats: () => import("@shared/dashboard.schema").then((m) => m.dashboardStats),
  assistantKeyList: () => import("@shared/assistant.schema").then((m) => m.assistantKeyList),
  createdAssistantKey: () => import("@shared/assistant.schema").then((m) => m.createdAssistantKey),
  availability: () => import("@shared/availability.schema").then((m) => m.availability),
  blackoutDate: () => import("@shared/availability.schema").then((m) => m.blackoutDate),
  slotList: () => import("@shared/availability.schema").then((m) => m.slotList),
  bookingList: () => import("@shared/booking.schema").then((m) => m.bookingList),
  bookingDetail: () => import("@shared/booking.schema").then((m) => m.bookingDetail),
  booking: () => import("@shared/booking.schema").then((m) => m.booking),
  bookingCounts: () => import("@shared/booking.schema").then((m) => m.bookingCounts),
  serviceList: () => import("@shared/service.schema").then((m) => m.serviceList),
  service: () => import("@shared/service.schema").then((m) => m.service),
  company: () => import("@shared/company.schema").then((m) => m.company),
  telegramStatus: () => import("@shared/telegram.schema").then((m) => m.telegramStatus),
  telegramLink: () => import("@shared/telegram.schema").then((m) => m.telegramLink),
  telegramLinkState: () => import("@shared/telegram.schema").then((m) => m.telegramLinkState),
};

type Loaders = typeof responseSchemaLoaders;
export type ResponseSchemas = { [Name in keyof Loaders]: Awaited<ReturnType<Loaders[Name]>> };

/** The schema `name`, loaded once asked for (a module already loaded answers at once). */
export const loadResponseSchema = (name: keyof Loaders): Promise<ResponseSchema<unknown>> =>
  responseSchemaLoaders[name]();
