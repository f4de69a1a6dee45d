// A voice assistant played against a running CallDesk through its public API only (see simulate.ts).

import { type CallGenerator, createCallGenerator, inProgressReport } from "../src/server/demo/call-generator";
import type { AssistantConfig, CreatedAssistantKey } from "../src/shared/assistant.schema";
import type { Slot } from "../src/shared/availability.schema";
import type { AssistantBooking } from "../src/shared/booking.schema";
import type { CallReport, CallReportResult } from "../src/shared/calls.schema";
import type { ApiEnvelope } from "../src/shared/envelope";

export type SimulationOptions = {
  url: string;
  /** An assistant key; without one, staff sign in with email/password and create a key named "Simulator". */
  key?: string;
  email: string;
  password: string;
  /** Past calls to report first, spread over the past four weeks. */
  history: number;
  /** Live calls kept going at once. */
  live: number;
  /** Stop after this many seconds; null: run until `signal` aborts. */
  durationSeconds: number | null;
  seed: number;
  /** Calls play this many times faster than real time. */
  speed: number;
  signal?: AbortSignal;
  log: (line: string) => void;
};

export type SimulationResult = {
  key: string;
  historyReported: number;
  liveStarted: number;
  liveFinished: number;
  /** Bookings the live calls made, and how many of them callers later moved or cancelled. */
  booked: number;
  changed: number;
};

const HISTORY_DAYS = 28;
/** How far ahead a caller looks for a free slot, and how often a caller later moves or cancels a booking. */
const BOOKING_WINDOW_DAYS = 7;
const CHANGE_CHANCE = 0.3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A number from the range reserved for fiction (555-01xx). */
const SIMULATED_PHONE_NUMBER = "+1 555 0199";

class ApiCallError extends Error {
  constructor(
    message: string,
    readonly nextFreeSlots: string[] = [],
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit): Promise<{ data: T; response: Response }> {
  const response = await fetch(url, init);
  const body = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!body?.success) {
    const error = body && !body.success ? body.error : null;
    throw new ApiCallError(
      `${init.method ?? "GET"} ${new URL(url).pathname}: ${response.status} ${error?.message ?? response.statusText}`,
      error?.nextFreeSlots,
    );
  }
  return { data: body.data, response };
}

/** Signs in as staff and creates a key (the browser-facing staff API wants the app's own Origin). */
async function createKey(options: SimulationOptions): Promise<string> {
  const origin = new URL(options.url).origin;
  const json = { "content-type": "application/json", origin };
  const { response } = await call(`${options.url}/api/auth/sign-in`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  const authorization = response.headers.get("authorization") ?? "";
  const { data } = await call<CreatedAssistantKey>(`${options.url}/api/assistant/keys`, {
    method: "POST",
    headers: { ...json, authorization },
    body: JSON.stringify({ name: "Simulator" }),
  });
  options.log(`Signed in as ${options.email} and created the assistant key "Simulator" (…${data.last4}).`);
  return data.key;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Reports `history` past calls, then keeps `live` calls going: each is reported in progress as its
 * transcript grows, then finished with its outcome and summary. When stopped, calls under way are finished
 * at once, so none is left in progress.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const key = options.key ?? (await createKey(options));
  const headers = { "content-type": "application/json", "x-api-key": key };
  const { data: config } = await call<AssistantConfig>(`${options.url}/api/assistant/config`, { headers });
  // A business that does not want calls recorded gets no recording link or transcript (as its config says).
  const recorded = ({ transcript, recordingUrl, ...rest }: CallReport): CallReport =>
    config.recordCalls ? { ...rest, transcript, recordingUrl } : rest;
  const report = (body: CallReport) =>
    call<CallReportResult>(`${options.url}/api/assistant/calls`, {
      method: "POST",
      headers,
      body: JSON.stringify(recorded(body)),
    });
  // A real assistant reports the number it answers; a business that has none gets the simulator's own.
  let phoneNumber = config.phoneNumber;
  if (phoneNumber === "") {
    phoneNumber = SIMULATED_PHONE_NUMBER;
    await call(`${options.url}/api/assistant/phone-number`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ phoneNumber }),
    });
  }
  options.log(`Answering ${phoneNumber} for ${config.companyName} (${config.timezone}).`);
  const generator: CallGenerator = createCallGenerator({
    seed: options.seed,
    idPrefix: "sim",
    companyName: config.companyName,
    timezone: config.timezone,
    workingHours: config.workingHours,
    workingDays: config.workingDays,
  });

  const now = Date.now();
  const past = generator.history(options.history, new Date(now - HISTORY_DAYS * DAY_MS), new Date(now));
  for (let i = 0; i < past.length; i += 8) await Promise.all(past.slice(i, i + 8).map(report));
  if (past.length > 0) options.log(`Reported ${past.length} past calls from the last ${HISTORY_DAYS} days.`);

  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = options.durationSeconds === null ? null : setTimeout(onAbort, options.durationSeconds * 1000);
  const result: SimulationResult = {
    key,
    historyReported: past.length,
    liveStarted: 0,
    liveFinished: 0,
    booked: 0,
    changed: 0,
  };
  const bookings: AssistantBooking[] = [];
  const today = () => new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

  async function freeSlots(serviceId: string): Promise<Slot[]> {
    const query = `serviceId=${serviceId}&from=${today()}&to=${inDays(BOOKING_WINDOW_DAYS)}`;
    return (await call<Slot[]>(`${options.url}/api/assistant/slots?${query}`, { headers })).data;
  }

  /** Books the caller of a "booked" call into one of the first free slots, during the call. */
  async function book(final: CallReport, line: number) {
    const service = config.services.find((s) => s.name === final.serviceName) ?? config.services[0];
    if (!service) return;
    const slots = await freeSlots(service.id);
    let startTime = slots[Math.floor(Math.random() * Math.min(5, slots.length))]?.start;
    for (let attempt = 0; startTime && attempt < 5; attempt++) {
      try {
        const { data } = await call<AssistantBooking>(`${options.url}/api/assistant/bookings`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            externalId: `${final.externalId}-booking`,
            serviceId: service.id,
            startTime,
            customerName: final.callerName ?? "Caller",
            customerPhone: final.callerNumber,
            callExternalId: final.externalId,
          }),
        });
        bookings.push(data);
        result.booked++;
        options.log(`[line ${line}] 📅 booked ${data.serviceName} at ${data.startTime} (${data.status}).`);
        return;
      } catch (error) {
        // Taken by another line meanwhile: the answer offers the next free slots of that day, or (a full
        // day) none, and the caller is offered the first free time of the coming days instead.
        if (!(error instanceof ApiCallError)) throw error;
        startTime = error.nextFreeSlots[0] ?? (await freeSlots(service.id))[attempt + 1]?.start;
      }
    }
  }

  /** A caller rings back to move or cancel an earlier booking. */
  async function changeOne(line: number) {
    const booking = bookings.splice(Math.floor(Math.random() * bookings.length), 1)[0];
    if (!booking?.serviceId) return;
    const reschedule = Math.random() < 0.5;
    let later = reschedule
      ? (await freeSlots(booking.serviceId)).find((slot) => slot.start !== booking.startTime)?.start
      : undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      const body = later ? { action: "reschedule", startTime: later } : { action: "cancel" };
      try {
        const { data } = await call<AssistantBooking>(`${options.url}/api/assistant/bookings/${booking.id}`, {
          method: "PUT",
          headers,
          body: JSON.stringify({ ...body, version: booking.version }),
        });
        result.changed++;
        options.log(
          `[line ${line}] ↺ ${booking.customerName} ${later ? `moved their booking to ${data.startTime}` : "cancelled their booking"}.`,
        );
        return;
      } catch (error) {
        // The new time was taken by another line meanwhile: the answer offers that day's next free ones.
        if (!(error instanceof ApiCallError && later)) throw error;
        later = error.nextFreeSlots.find((start) => start !== booking.startTime);
        if (!later) break;
      }
    }
    bookings.push(booking);
    options.log(`[line ${line}] ↺ ${booking.customerName} found no other time and kept their booking.`);
  }

  async function playOneCall(line: number) {
    const final = generator.finishedCall(new Date());
    const turns = final.transcript ?? [];
    result.liveStarted++;
    options.log(`[line ${line}] ☎ ${final.callerNumber} is calling (${final.externalId}).`);
    let shown = 0;
    for (const turn of turns) {
      await sleep(
        (turn.offsetSeconds * 1000) / options.speed - (Date.now() - new Date(final.startedAt).getTime()),
        stop.signal,
      );
      if (stop.signal.aborted) break;
      shown++;
      await report(inProgressReport(final, turn.offsetSeconds));
    }
    if (!stop.signal.aborted) {
      const remaining =
        ((final.durationSeconds ?? 0) * 1000) / options.speed -
        (Date.now() - new Date(final.startedAt).getTime());
      await sleep(remaining, stop.signal);
    }
    if (final.status === "completed" && final.outcome === "booked") await book(final, line);
    else if (bookings.length > 0 && Math.random() < CHANGE_CHANCE) await changeOne(line);
    await report(final);
    result.liveFinished++;
    const outcome = final.outcome ? `, ${final.outcome}` : "";
    options.log(
      `[line ${line}] ✓ ${final.status}${outcome} after ${minutesAndSeconds(final.durationSeconds ?? 0)}, ${turns.length} turn${turns.length === 1 ? "" : "s"} (${shown} reported live): ${final.summary ?? ""}`,
    );
  }

  async function line(number: number) {
    // Staggered, so the lines do not ring in lockstep.
    await sleep(((number - 1) * 4000) / options.speed, stop.signal);
    while (!stop.signal.aborted) {
      await playOneCall(number);
      await sleep((2000 + Math.random() * 6000) / options.speed, stop.signal);
    }
  }

  try {
    const lines = await Promise.allSettled(
      Array.from({ length: options.live }, (_, i) =>
        line(i + 1).catch((error: unknown) => {
          // One line failing stops the others, which finish the calls they have under way.
          stop.abort();
          throw error;
        }),
      ),
    );
    const failed = lines.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
  options.log(
    `Done: ${result.historyReported} past calls, ${result.liveFinished} live calls finished, ` +
      `${result.booked} bookings made, ${result.changed} moved or cancelled.`,
  );
  return result;
}
