// Portal components rendered to markup in Node, as a screen shows them once its queries have answered: the
// English catalog, the one API client, and the query cache filled in beforehand.
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Availability } from "@shared/availability.schema";
import type { CallDetail } from "@shared/calls.schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { messages } from "../../locales/en/signed-in.po";
import { createApiClient } from "../../src/client/lib/api-client";
import { ApiContext } from "../../src/client/lib/api-context";
import { availabilityQueries } from "../../src/client/lib/availability-queries";

export const api = createApiClient({ baseURL: "http://portal.test/api" });
const i18n = setupI18n({ locale: "en", messages: { en: messages } });

const weekday = { start: "09:00", end: "17:00" };

/** GET /api/availability of a business in `timezone`, open 09:00–17:00 on weekdays. */
export const availabilityIn = (timezone: string): Availability => ({
  weeklySchedule: {
    "0": [],
    "1": [weekday],
    "2": [weekday],
    "3": [weekday],
    "4": [weekday],
    "5": [weekday],
    "6": [],
  },
  blackoutDates: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
  timezone,
});

/** A call's detail as GET /api/calls/:id answers it: a completed minute-long call of Ada's, and `changes`. */
export const callDetailOf = (changes: Partial<CallDetail> = {}): CallDetail => ({
  _id: "c1",
  fromNumber: "+15550001",
  customerName: "Ada",
  startTime: "2026-11-24T14:30:00.000Z",
  duration: 60,
  status: "completed",
  outcome: null,
  summary: null,
  serviceName: null,
  externalId: "x1",
  transcript: [],
  recordingUrl: null,
  recordingOff: false,
  contentRemovedAt: null,
  endUnreportedAt: null,
  updatedAt: "2026-11-24T14:31:00.000Z",
  booking: null,
  ...changes,
});

/** The markup of `node`, with `availability` (and whatever else `fill` puts) in the query cache. */
export function portalMarkup(
  node: ReactNode,
  availability: Availability,
  fill: (queryClient: QueryClient) => void = () => {},
): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(availabilityQueries.detail(api).queryKey, availability);
  fill(queryClient);
  return renderToStaticMarkup(
    h(
      I18nProvider,
      { i18n },
      h(ApiContext.Provider, { value: api }, h(QueryClientProvider, { client: queryClient }, node)),
    ),
  );
}
