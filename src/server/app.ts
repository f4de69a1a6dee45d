import type { ApiErrorCode } from "@shared/error-codes";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { assistantRoutes } from "./assistant/assistant.routes";
import { createAssistantBookingDesk } from "./assistant/assistant-booking-desk";
import { assistantBookingsRoutes } from "./assistant/assistant-bookings.routes";
import { createAssistantKeyDirectory } from "./assistant/assistant-key-directory";
import { assistantKeysRoutes } from "./assistant/assistant-keys.routes";
import {
  createAssistantKeyLookup,
  createPresumeAssistantKey,
  createRequireAssistantKey,
} from "./assistant/require-assistant-key";
import { auditRoutes } from "./audit/audit.routes";
import { authRoutes } from "./auth/auth.routes";
import { createRequireUser } from "./auth/require-user";
import { availabilityRoutes } from "./availability/availability.routes";
import { createSlotFinder } from "./availability/slot-finder";
import { bookingChangesRoutes } from "./bookings/booking-changes.routes";
import { bookingsRoutes } from "./bookings/bookings.routes";
import { calendarRoutes } from "./calendar/calendar.routes";
import type { CalendarAccess } from "./calendar/calendar-access";
import type { CalendarApi } from "./calendar/calendar-api";
import { calendarEventsRoutes } from "./calendar/calendar-events.routes";
import type { CalendarSync } from "./calendar/calendar-sync";
import { CALL_IMPORT_PATH } from "./calls/call-import.route";
import { callsRoutes } from "./calls/calls.routes";
import { type Clock, systemClock } from "./clock";
import { companyRoutes } from "./company/company.routes";
import type { AppConfig } from "./config";
import { dashboardRoutes } from "./dashboard/dashboard.routes";
import type { Database } from "./db/database";
import type { ApiRouter, RouteGuards } from "./http/api-router";
import type { AppEnv } from "./http/app-env";
import { healthRoutes } from "./http/health.routes";
import { openapiRoutes } from "./http/openapi.routes";
import { originCheck } from "./http/origin-check";
import { requestBodyLimit } from "./http/request-body-limit";
import { failure, GZIP_FROM_BYTES } from "./http/respond";
import { securityHeaders } from "./http/security-headers";
import { loadSpa, spaRouter } from "./http/static-spa";
import { assistantConnectionsRoutes } from "./integrations/assistant-connections.routes";
import { createToolRunner } from "./integrations/tool-calls";
import { createWebhookConnectionGate, WEBHOOK_PATHS } from "./integrations/webhook-connection";
import { INTEGRATIONS_BASE_PATH, webhooksRoutes } from "./integrations/webhooks.routes";
import { createLogger, type Logger } from "./logger";
import { businessDeletionRoutes } from "./privacy/business-deletion.routes";
import { businessExportRoutes } from "./privacy/business-export.routes";
import { callerDataRoutes } from "./privacy/caller-data.routes";
import { privacyRoutes } from "./privacy/privacy.routes";
import { recordingRoutes } from "./recordings/recording.routes";
import { createRecordingLinks } from "./recordings/recording-links";
import { createRecordingStorage, type RecordingStorage } from "./recordings/recording-storage";
import { Refusal } from "./refusal";
import { servicesRoutes } from "./services/services.routes";
import { createBotApi } from "./telegram/bot-api";
import { telegramRoutes } from "./telegram/telegram.routes";

/** No other JSON payload of this API comes near it; anything larger is refused before it is read. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** A call history import carries up to 1,000 reports, transcripts included. */
const IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/**
 * A voice platform's end-of-call report carries the whole conversation twice or three times over (messages,
 * their OpenAI form, the transcript) besides the assistant's configuration.
 */
const PLATFORM_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Codes for the HTTPExceptions Hono itself may throw, which carry a status but none of our codes. */
const HTTP_EXCEPTION_CODES: Partial<Record<number, ApiErrorCode>> = {
  401: "UNAUTHENTICATED",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
};

export type CreateAppOptions = {
  config: AppConfig;
  db: Database;
  clock?: Clock;
  logger?: Logger;
  /**
   * The connected Google Calendars' API, sync and access (null: the events calls answer 503, not
   * configured).
   */
  calendar?: { api: CalendarApi; sync: CalendarSync; access: CalendarAccess } | null;
  /** Where copied call recordings are kept; absent: where the config says (createRecordingStorage). */
  recordings?: RecordingStorage;
};

export function createApp(options: CreateAppOptions) {
  const deps = {
    config: options.config,
    db: options.db,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? createLogger(options.config.logLevel),
  };
  const staticDir = deps.config.staticDir;
  const spa = staticDir ? loadSpa(staticDir) : null;
  const assistantKeys = { lookup: createAssistantKeyLookup(deps), directory: createAssistantKeyDirectory() };
  const guards: RouteGuards = {
    user: createRequireUser(deps),
    assistantKey: createRequireAssistantKey(assistantKeys.lookup),
    presumedAssistantKey: createPresumeAssistantKey(assistantKeys.lookup, assistantKeys.directory),
  };

  // Spec 7 writes some paths with a trailing slash (`GET bookings/?page=…`, `POST services/`) and others
  // without: a client following its text must reach the same routes either way.
  const app = new Hono<AppEnv>({ strict: false });
  app.use(securityHeaders(deps.config, spa?.inlineScriptHashes ?? []));
  // The same threshold as API answers (see respond.ts): what fits in TCP's first flight goes out as it is.
  app.use(compress({ threshold: GZIP_FROM_BYTES }));
  app.use("/api/*", async (c, next) => {
    await next();
    // Answers carry tokens and tenant data: no shared cache may keep them (the client caches in memory). A
    // route that sets its own keeps it: a recording is `private`, kept by the staff's browser only (seeking).
    // Set on the response's headers: c.header() after the handler would rebuild the whole response.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  // Ahead of the body limit, which holds a body of unknown length until it has counted it all: a webhook for
  // no connection is answered before any of its body (up to 4 MiB, unauthenticated) is read.
  app.use(WEBHOOK_PATHS, createWebhookConnectionGate(deps));
  app.use(
    "/api/*",
    requestBodyLimit(BODY_LIMIT_BYTES, {
      [CALL_IMPORT_PATH]: IMPORT_BODY_LIMIT_BYTES,
      [`${INTEGRATIONS_BASE_PATH}/`]: PLATFORM_BODY_LIMIT_BYTES,
    }),
  );
  app.use("/api/*", originCheck(deps.config));

  const findSlots = createSlotFinder(deps);
  const recordingLinks = createRecordingLinks(deps.config.jwtSecret);
  const recordings = options.recordings ?? createRecordingStorage(deps.config);
  // One desk for our own assistant API and the voice platforms' tool calls: their bookings batch together.
  const bookingDesk = createAssistantBookingDesk(deps, findSlots);
  const botApi = deps.config.telegram && createBotApi(deps.config.telegram);
  const routers: ApiRouter[] = [];
  routers.push(
    healthRoutes(deps, guards),
    authRoutes(deps, guards),
    assistantKeysRoutes(deps, guards),
    assistantRoutes(deps, guards, assistantKeys, findSlots),
    assistantBookingsRoutes(deps, guards, bookingDesk),
    assistantConnectionsRoutes(deps, guards),
    webhooksRoutes(deps, guards, createToolRunner(deps, bookingDesk, findSlots)),
    callsRoutes(deps, guards, recordingLinks),
    recordingRoutes(deps, guards, recordings, recordingLinks),
    bookingsRoutes(deps, guards, recordingLinks),
    availabilityRoutes(deps, guards, findSlots),
    bookingChangesRoutes(deps, guards, findSlots),
    dashboardRoutes(deps, guards),
    servicesRoutes(deps, guards),
    companyRoutes(deps, guards),
    privacyRoutes(deps, guards),
    businessExportRoutes(deps, guards, recordings),
    businessDeletionRoutes(deps, guards, botApi, options.calendar ?? null),
    callerDataRoutes(deps, guards, recordings),
    telegramRoutes(deps, guards, botApi),
    calendarRoutes(deps, guards, options.calendar ?? null),
    calendarEventsRoutes(deps, guards, options.calendar ?? null),
    auditRoutes(deps, guards),
    openapiRoutes(() => routers.flatMap((r) => r.routes), guards),
  );
  for (const router of routers) {
    if (deps.config.checkResponses) router.checkResponses(deps.logger);
    app.route(router.basePath, router.app);
  }
  if (staticDir && spa) app.route("/", spaRouter(staticDir, spa));

  app.notFound((c) => failure(c, "NOT_FOUND", "Not found"));
  app.onError((error, c) => {
    if (error instanceof Refusal) return failure(c, error.code, error.message, error.facts);
    if (error instanceof HTTPException && error.status < 500) {
      return failure(c, HTTP_EXCEPTION_CODES[error.status] ?? "VALIDATION", error.message || "Bad request");
    }
    // The client went away before its answer (Node's adapter aborts the request's signal then): in practice an
    // upload cut off, its body's read failing with "aborted". Nothing went wrong here, and nobody reads the answer.
    if (c.req.raw.signal.aborted)
      deps.logger.debug(`${c.req.method} ${c.req.path}: the client went away (${String(error)})`);
    else deps.logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return failure(c, "INTERNAL", "Something went wrong on our side");
  });
  return app;
}
