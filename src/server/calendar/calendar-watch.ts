import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { isoUtc } from "../db/iso-utc";
import { rawRows } from "../db/raw-rows";
import type { CalendarConnectionRow } from "../db/schema/calendar.schema";
import type { Logger } from "../logger";
import { at } from "../outbox/outbox-cursor.repo";
import type { ScheduledJob } from "../scheduler/scheduler";
import type { CalendarAccess } from "./calendar-access";
import type { CalendarApi } from "./calendar-api";
import { connectedAtIs } from "./calendar-connection.repo";

const HOUR_MS = 60 * 60_000;
/** What we ask a channel to live (Google may give less: the answer's expiration is what is kept). */
const CHANNEL_LIFE_MS = 7 * 24 * HOUR_MS;
/** A channel is replaced this long before it expires, so no change goes unannounced in between. */
const RENEW_BEFORE_MS = 24 * HOUR_MS;
/** Where Google posts (see calendar-events.routes.ts). */
export const NOTIFICATIONS_PATH = "/api/calendar/notifications";

type Watched = {
  businessId: string;
  /** Which connection was watched: one made since (a disconnect, a reconnect) is not given its channel. */
  connectedAt: string;
  channelId: string | null;
  resourceId: string | null;
};

/**
 * With PUBLIC_URL set, every connected calendar is watched (events.watch): Google posts to
 * `<PUBLIC_URL>/api/calendar/notifications` when its events change, with the channel's random token. Hourly,
 * once among instances, channels expiring within a day (or missing) are opened anew and the old ones stopped;
 * a failure leaves the scheduled check to notice changes meanwhile.
 */
export function calendarWatchJob(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  api: CalendarApi;
  publicUrl: string;
}): ScheduledJob {
  const { db, clock, logger, api } = deps;
  return {
    name: "calendar-watch",
    scope: "shared",
    everyMs: HOUR_MS,
    runAtStart: true,
    run: async () => {
      const now = clock();
      const due = await rawRows<Watched>(
        db,
        sql`select business_id as "businessId", ${isoUtc(sql.raw("connected_at"))} as "connectedAt",
            watch_channel_id as "channelId", watch_resource_id as "resourceId"
          from calendar_connections
          where broken_at is null
            and (watch_expires_at is null or watch_expires_at < ${at(new Date(now.getTime() + RENEW_BEFORE_MS))})`,
      );
      for (const calendar of due) {
        try {
          const token = randomBytes(32).toString("base64url");
          const channel = await api.watchEvents(calendar.businessId, {
            id: randomUUID(),
            address: `${deps.publicUrl}${NOTIFICATIONS_PATH}`,
            token,
            expiresAt: new Date(now.getTime() + CHANNEL_LIFE_MS),
          });
          const expiresAt = channel.expiresAt ?? new Date(now.getTime() + CHANNEL_LIFE_MS);
          const stored = await rawRows<{ businessId: string }>(
            db,
            sql`update calendar_connections set watch_channel_id = ${channel.id},
                watch_resource_id = ${channel.resourceId}, watch_token = ${token}, watch_expires_at = ${at(expiresAt)}
              where business_id = ${calendar.businessId}::uuid
                and ${connectedAtIs(new Date(calendar.connectedAt))}
              returning business_id as "businessId"`,
          );
          if (stored.length === 0) {
            // Disconnected or connected again while Google opened it: the channel watches a calendar nobody
            // asked for any more (another account's, maybe), and the connection made since is watched at the
            // next run. Stopped while a grant of the business still reaches it.
            await api
              .stopChannel(calendar.businessId, channel)
              .catch((error: unknown) => logger.debug("Stopping an unowned calendar channel failed", error));
            continue;
          }
          if (calendar.channelId && calendar.resourceId)
            await api
              .stopChannel(calendar.businessId, { id: calendar.channelId, resourceId: calendar.resourceId })
              .catch((error: unknown) => logger.debug("Stopping an old calendar channel failed", error));
        } catch (error) {
          logger.warn(`Watching the Google Calendar of business ${calendar.businessId} failed`, error);
        }
      }
    },
  };
}

/** What stopping a removed connection's channel needs: the API and the access behind it. */
export type ChannelStopping = { api: CalendarApi; access: CalendarAccess };

/**
 * Stops the push channel of a connection just deleted (disconnected, replaced by another account, its
 * business deleted), before its grant is revoked: the call needs the grant, and Google would otherwise post
 * to us for up to a week (each post a 404 here). Best effort: a failure is logged and the channel lapses at
 * its expiry; the disconnect stands.
 */
export async function stopRemovedChannel(
  { api, access }: ChannelStopping,
  logger: Logger,
  row: CalendarConnectionRow,
): Promise<void> {
  if (!row.watchChannelId || !row.watchResourceId) return;
  try {
    const grant = await access.grantOfRemoved(row);
    await api.stopChannel(row.businessId, { id: row.watchChannelId, resourceId: row.watchResourceId }, grant);
  } catch (error) {
    logger.warn(
      `Stopping the calendar channel of business ${row.businessId} failed; it lapses at its expiry`,
      error,
    );
  }
}
