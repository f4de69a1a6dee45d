import { businessDeleted, businessDeletion } from "@shared/privacy.schema";
import { clearRefreshCookie } from "../auth/refresh-cookie";
import { findCalendarConnection } from "../calendar/calendar-connection.repo";
import { type ChannelStopping, stopRemovedChannel } from "../calendar/calendar-watch";
import { createGrantRevocation } from "../calendar/grant-revocation";
import { createTokenCipher } from "../calendar/token-cipher";
import { lockBusiness } from "../company/businesses.repo";
import { DEFAULT_GOOGLE_OAUTH } from "../config";
import type { CalendarConnectionRow } from "../db/schema/calendar.schema";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { isHttps } from "../http/request-info";
import { ok } from "../http/respond";
import { recordErasure } from "../recordings/recording-copies.repo";
import { recordingCopiesChanged } from "../recordings/recording-signal";
import { Refusal } from "../refusal";
import type { BotApi } from "../telegram/bot-api";
import { sayFarewell } from "../telegram/farewell";
import { findTelegramConnection, languageOf } from "../telegram/telegram-link.repo";
import { deleteTenantRows } from "./tenant-rows.repo";

export const NAME_MISMATCH = "Type the business's name exactly as it is shown; nothing was deleted";

/**
 * Issue 23 §3: the business and everything it holds deleted for good, on the typed confirmation of its name.
 * Its connections are ended at Telegram and Google after the rows are gone, best effort: a service that
 * cannot be reached is logged and said in the answer, and never keeps the data.
 */
export function businessDeletionRoutes(
  deps: Pick<AppDeps, "db" | "logger" | "config" | "clock">,
  guards: RouteGuards,
  botApi: BotApi | null,
  /** The Calendar API, to stop the calendar's push channel (null: Google not configured). */
  channels: ChannelStopping | null,
) {
  const { db, logger, config, clock } = deps;
  const router = new ApiRouter("/api/privacy", guards);
  const { revokeStored } = createGrantRevocation(deps, createTokenCipher(config.calendarTokenKey));

  router.add(
    {
      method: "post",
      path: "/delete-business",
      summary:
        "Delete the business and every row it holds, sign its staff out everywhere, end its connections",
      description:
        "businessName must be the business's name exactly (case and spaces included) and not blank, else 400 " +
        "and nothing " +
        "is deleted. Every table's rows of the business go in one transaction, checked gone before it " +
        "commits; staff sessions go with them and their access tokens stop working at once; the copied call " +
        "recordings are deleted right after by the recording worker. Then the " +
        "Google Calendar's push channel is stopped and its grant revoked, and the Telegram chat told it hears nothing more: 'unreachable' " +
        "when a service could not be reached (the deletion stands). No audit entry survives the business; " +
        "the server's log notes the business's id.",
      auth: "user",
      body: businessDeletion,
      response: businessDeleted,
      examples: {
        body: { businessName: "Bright Smile Dental" },
        response: { telegram: "notified", calendar: "none" },
      },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId } = c.get("auth");
      const gone = await db.transaction(async (tx) => {
        const business = await lockBusiness(tx, businessId);
        if (body.businessName !== business.name)
          throw new Refusal("VALIDATION", NAME_MISMATCH, { field: "businessName" });
        // Read before the rows go: what the services must be told afterwards.
        const chat = await findTelegramConnection(tx, businessId);
        const calendar = await findCalendarConnection(tx, businessId);
        await deleteTenantRows(tx, businessId);
        // The stored recordings go after the rows, by the copy worker: from a durable record, so a crash
        // between the commit and the files cannot leave them behind.
        await recordErasure(tx, businessId, clock());
        return { business, chat, calendar };
      });
      recordingCopiesChanged();
      logger.info(`Business ${businessId} deleted with everything it held, at its staff's request`);
      clearRefreshCookie(c, isHttps(c, config.trustProxy));

      const revokeUrl = config.google?.revokeUrl ?? DEFAULT_GOOGLE_OAUTH.revokeUrl;
      // Its push channel stopped first: stopping needs the grant the revocation ends.
      const endCalendar = async (calendar: CalendarConnectionRow) => {
        if (channels) await stopRemovedChannel(channels, logger, calendar);
        return revokeStored(revokeUrl, calendar.refreshToken, "business deleted");
      };
      const [telegram, calendar] = await Promise.all([
        gone.chat &&
          (botApi
            ? sayFarewell(deps, botApi, {
                chatId: gone.chat.chatId,
                language: languageOf(gone.business.language),
                businessName: gone.business.name,
              })
            : false),
        gone.calendar && endCalendar(gone.calendar),
      ]);
      return ok(c, {
        telegram: telegram === null ? "none" : telegram ? "notified" : "unreachable",
        calendar: calendar === null ? "none" : calendar ? "revoked" : "unreachable",
      });
    },
  );

  return router;
}
