import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { authMaintenanceJob } from "./auth/auth-maintenance";
import { calendarAuthorizationPurgeJob } from "./calendar/authorization-purge";
import type { CalendarAccess } from "./calendar/calendar-access";
import { createCalendarAccess } from "./calendar/calendar-access.repo";
import { createCalendarApi } from "./calendar/calendar-api";
import { createCalendarDelivery } from "./calendar/calendar-delivery";
import { createCalendarSync } from "./calendar/calendar-sync";
import { calendarWatchJob } from "./calendar/calendar-watch";
import { createTokenCipher } from "./calendar/token-cipher";
import { unreportedEndsJob } from "./calls/unreported-ends";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { type DatabaseHandle, openDatabase } from "./db/open-database";
import { pgliteMaintenanceJobs } from "./db/pglite-maintenance";
import { seedDemo } from "./demo/seed-demo";
import { limitConnections, requestTimeoutOptions } from "./http/connection-limits";
import { deliveriesPurgeJob } from "./integrations/deliveries-purge";
import { createLogger, type Logger } from "./logger";
import { outboxPurgeJob } from "./outbox/outbox-purge";
import { retentionPurgeJob } from "./privacy/retention-purge";
import { createRecordingCopier, RECORDING_LEASE_MS } from "./recordings/recording-copier";
import { createRecordingFetcher, sweepIncoming } from "./recordings/recording-fetch";
import { createRecordingStorage } from "./recordings/recording-storage";
import { createScheduler } from "./scheduler/scheduler";
import { resolveCalendarTokenKey, resolveJwtSecret } from "./secrets";
import { botIdOf, createBotApi } from "./telegram/bot-api";
import { createTelegramDelivery } from "./telegram/delivery-worker";
import { linkCodePurgeJob } from "./telegram/link-code-purge";
import { startUpdatePoller, type UpdatePoller } from "./telegram/update-poller";
import { webhookRegistrationJob } from "./telegram/webhook";

export type StartServerOptions = {
  config: Config;
  /** An already opened database (tests); otherwise opened from the config. Closed by `close()` either way. */
  database?: DatabaseHandle;
  clock?: Clock;
  logger?: Logger;
  /** Seed the demo tenant into an empty database when the config says so (default true). */
  seedDemo?: boolean;
  /**
   * The way into each business's Google Calendar (tokens, refresh); absent: the stored connections' own
   * (createCalendarAccess) when Google is configured. Tests put a double in its place.
   */
  calendarAccess?: CalendarAccess | null;
};

export type RunningServer = {
  /** e.g. http://127.0.0.1:41234 — the bound port, so `port: 0` works. */
  url: string;
  db: Database;
  /** Runs the scheduled jobs due at the clock's time now (a caller that moved the clock says so at once). */
  runDue(): Promise<string[]>;
  close(): Promise<void>;
};

/** Migrates, seeds, and serves the app over HTTP; what main.ts, the tests and the e2e harness all run. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(config));
  try {
    const clock = options.clock ?? systemClock;
    await database.exclusiveStart(async () => {
      await database.migrate();
      if (config.seedDemo && options.seedDemo !== false) await seedDemo(database.db, clock());
    });
    const jwtSecret = await resolveJwtSecret(config, database.db);
    const calendarTokenKey = await resolveCalendarTokenKey(config, database.db);
    const calendarAccess =
      options.calendarAccess ??
      (config.google
        ? createCalendarAccess({
            db: database.db,
            clock,
            google: config.google,
            cipher: createTokenCipher(calendarTokenKey),
            logger,
          })
        : null);
    const calendarApi =
      calendarAccess && config.google
        ? createCalendarApi({ baseUrl: config.google.calendarApiBaseUrl, access: calendarAccess })
        : null;
    const calendarSync =
      calendarApi && calendarAccess
        ? createCalendarSync({ db: database.db, clock, logger, api: calendarApi, access: calendarAccess })
        : null;
    const recordings = createRecordingStorage(config);
    const app = createApp({
      config: { ...config, jwtSecret, calendarTokenKey },
      db: database.db,
      clock,
      logger,
      recordings,
      calendar:
        calendarApi && calendarSync && calendarAccess
          ? { api: calendarApi, sync: calendarSync, access: calendarAccess }
          : null,
    });
    const { server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>(
      (resolve, reject) => {
        const server = serve(
          {
            fetch: app.fetch,
            port: config.port,
            hostname: config.host,
            serverOptions: requestTimeoutOptions(config.connections),
          },
          (address) => resolve({ server, address }),
        );
        limitConnections(server, config.connections, config.trustProxy > 0);
        server.once("error", reject);
      },
    );
    const { telegram, publicUrl } = config;
    const botApi = telegram && createBotApi(telegram);
    const delivery = botApi
      ? createTelegramDelivery({
          db: database.db,
          clock,
          logger,
          bot: botApi,
          appOrigin: config.appOrigin ?? publicUrl,
        })
      : null;
    const calendarDelivery =
      calendarApi && calendarAccess
        ? createCalendarDelivery({
            db: database.db,
            clock,
            logger,
            api: calendarApi,
            access: calendarAccess,
            appOrigin: config.appOrigin ?? publicUrl,
          })
        : null;
    const { sourceCaFile, sourceHosts } = config.recordings;
    const incomingDir = join(config.dataDir, "recordings-incoming");
    await sweepIncoming(incomingDir, RECORDING_LEASE_MS);
    const copier = createRecordingCopier({
      db: database.db,
      clock,
      logger,
      storage: recordings,
      fetch: createRecordingFetcher({
        incomingDir,
        pinnedHosts: sourceHosts,
        extraCa: sourceCaFile && readFileSync(sourceCaFile, "utf8"),
      }),
    });
    const scheduler = createScheduler({
      db: database.db,
      clock,
      logger,
      jobs: [
        authMaintenanceJob({ db: database.db, logger }),
        outboxPurgeJob({ db: database.db, logger }),
        retentionPurgeJob({ db: database.db, logger }),
        unreportedEndsJob({ db: database.db, logger }),
        deliveriesPurgeJob({ db: database.db, logger }),
        copier.job,
        linkCodePurgeJob({ db: database.db, logger }),
        calendarAuthorizationPurgeJob({ db: database.db, logger }),
        ...(delivery ? [delivery.job] : []),
        ...(calendarDelivery ? [calendarDelivery.job] : []),
        ...(calendarSync ? [calendarSync.job] : []),
        // Google posts changes only to a public https address; without one the scheduled check finds them.
        ...(calendarApi && publicUrl
          ? [calendarWatchJob({ db: database.db, clock, logger, api: calendarApi, publicUrl })]
          : []),
        ...(database.driver === "pglite" ? pgliteMaintenanceJobs(database.db) : []),
        ...(telegram && botApi && publicUrl
          ? [webhookRegistrationJob({ api: botApi, telegram, publicUrl })]
          : []),
      ],
    });
    delivery?.start();
    calendarDelivery?.start();
    copier.start();
    scheduler.start();
    // Without a public address Telegram cannot post to us: the server asks it (one instance at a time).
    const poller: UpdatePoller | null =
      telegram && botApi && !publicUrl
        ? startUpdatePoller({
            db: database.db,
            clock,
            logger,
            api: botApi,
            botId: botIdOf(telegram.botToken),
          })
        : null;
    const host = ["0.0.0.0", "::"].includes(config.host) ? "localhost" : address.address;
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
    return {
      url,
      db: database.db,
      runDue: () => scheduler.runDue(),
      close: async () => {
        await Promise.all([
          scheduler.stop(),
          delivery?.stop(),
          calendarDelivery?.stop(),
          copier.stop(),
          poller?.stop(),
        ]);
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          // Idle keep-alive sockets would otherwise hold close() open for seconds.
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        });
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch((closeError) => logger.warn("Closing the database failed", closeError));
    throw error;
  }
}
