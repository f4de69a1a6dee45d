import { weekdayOfCalendarDate as weekdayOf } from "@shared/calendar-date";
import type { CallOutcome, CallReport, CallStatus, TranscriptTurn } from "@shared/calls.schema";
import { addCalendarDays, calendarDateAt, firstInstantShowing, wallTimeAt } from "@shared/zoned-time";

/**
 * Realistic phone calls to a dental practice, for the demo seed and the simulator (`npm run simulate`, which
 * imports nothing else from the server). Deterministic: the same seed gives the same calls.
 */

export type CallGeneratorOptions = {
  seed: number;
  /** Starts every externalId, so two generators with different prefixes never collide. */
  idPrefix: string;
  companyName: string;
  timezone: string;
  workingHours: { start: string; end: string };
  /** 0 = Sunday … 6 = Saturday. */
  workingDays: readonly number[];
};

type Speaker = TranscriptTurn["speaker"];
type Line = [Speaker, string];

type Context = {
  first: string;
  full: string;
  /** The next free slot as the assistant says it, e.g. "Tuesday at 10:30". */
  slot: string;
  laterSlot: string;
  /** Whether the caller asks for the later slot (and books it). */
  prefersLater: boolean;
  /** The soonest emergency slot, e.g. "today at 2:15 PM" or, after hours, "tomorrow at 9 AM". */
  urgentSlot: string;
  hours: string;
};

type Scenario = {
  weight: number;
  outcome: CallOutcome;
  service: string | null;
  /** Whether the caller gives their name (otherwise the call may stay anonymous). */
  named: boolean;
  lines(ctx: Context, chance: (p: number) => boolean): Line[];
  summary(ctx: Context): string;
};

const SCENARIOS: readonly Scenario[] = [
  {
    weight: 24,
    outcome: "booked",
    service: "Check-up & Cleaning",
    named: true,
    lines: (x) => [
      ["caller", "Hi, I'd like to book a cleaning. It's been about eight months since my last one."],
      ["assistant", "Happy to help with that. Can I have your full name, please?"],
      ["caller", `Sure, it's ${x.full}.`],
      [
        "assistant",
        `Thanks, ${x.first}. Our next opening for a check-up and cleaning is ${x.slot}. Does that work?`,
      ],
      ...(x.prefersLater
        ? ([
            ["caller", "Do you have anything later in the day? I work until three."],
            ["assistant", `${x.laterSlot} is also free.`],
            ["caller", "That one, please."],
          ] as Line[])
        : ([["caller", "Yes, that works."]] as Line[])),
      ["assistant", "You're booked. We'll text a reminder to this number the day before. Anything else?"],
      ["caller", "No, that's all. Thank you!"],
      ["assistant", `You're welcome, ${x.first}. See you then!`],
    ],
    summary: (x) => `Booked a check-up and cleaning for ${x.prefersLater ? x.laterSlot : x.slot}.`,
  },
  {
    weight: 10,
    outcome: "booked",
    service: "Emergency Visit",
    named: true,
    lines: (x) => [
      ["caller", "Hi, I've had a bad toothache since last night, lower left side. Can someone see me today?"],
      ["assistant", "I'm sorry you're in pain. Is there any swelling in your face or jaw, or a fever?"],
      ["caller", "A little swelling, no fever."],
      ["assistant", `We keep emergency slots every day. I can offer ${x.urgentSlot}. May I have your name?`],
      ["caller", `${x.full}. Yes, I'll take it.`],
      [
        "assistant",
        `You're booked for an emergency visit ${x.urgentSlot}. If the swelling gets worse or you get a fever before then, please go to urgent care.`,
      ],
      ["caller", "Okay, thank you so much."],
    ],
    summary: (x) => `Toothache with mild swelling since last night; emergency visit booked ${x.urgentSlot}.`,
  },
  {
    weight: 10,
    outcome: "inquiry",
    service: "Teeth Whitening",
    named: false,
    lines: (_, chance) => [
      ["caller", "Hi, how much is teeth whitening?"],
      [
        "assistant",
        "In-office whitening is $350. It takes about ninety minutes, and a shade check is included.",
      ],
      ...(chance(0.6)
        ? ([
            ["caller", "Is it sensitive afterwards?"],
            [
              "assistant",
              "Some people feel mild sensitivity for a day or two; the dentist can recommend a toothpaste for it.",
            ],
          ] as Line[])
        : []),
      ["caller", "Okay, I'll think about it and call back."],
      ["assistant", "Of course. Is there anything else I can help with?"],
      ["caller", "No, thanks. Bye."],
    ],
    summary: () => "Asked about the price of whitening and sensitivity afterwards; will call back.",
  },
  {
    weight: 10,
    outcome: "booked",
    service: "Check-up & Cleaning",
    named: true,
    lines: (x) => [
      [
        "caller",
        `Hi, this is ${x.full}. I need to move my appointment this week, something came up at work.`,
      ],
      [
        "assistant",
        `No problem, ${x.first}. I see your check-up and cleaning. Would ${x.slot} work instead?`,
      ],
      ["caller", "That works."],
      ["assistant", `Done. Your appointment is now ${x.slot}, and the old one is cancelled.`],
      ["caller", "Great, thanks."],
    ],
    summary: (x) => `Moved ${x.first}'s check-up and cleaning to ${x.slot}.`,
  },
  {
    weight: 6,
    outcome: "no-action",
    service: null,
    named: true,
    lines: (x) => [
      ["caller", "Hi, I'm calling to cancel my appointment tomorrow. I'm sick."],
      ["assistant", "Sorry to hear that. May I have your name?"],
      ["caller", `${x.full}.`],
      [
        "assistant",
        `Thank you, ${x.first}. Tomorrow's appointment is cancelled. Would you like to rebook now?`,
      ],
      ["caller", "I'll call back when I'm feeling better."],
      ["assistant", "Of course. Feel better soon!"],
    ],
    summary: (x) => `${x.first} cancelled tomorrow's appointment (unwell) and will call back to rebook.`,
  },
  {
    weight: 10,
    outcome: "inquiry",
    service: null,
    named: false,
    lines: () => [
      ["caller", "Hi, do you take Delta Dental insurance?"],
      [
        "assistant",
        "Yes, we're in network with Delta Dental PPO, and we also accept Cigna, MetLife and Aetna.",
      ],
      ["caller", "Great. Would a cleaning be covered?"],
      [
        "assistant",
        "Most PPO plans cover two cleanings a year. We check your benefits before the visit, so there are no surprises.",
      ],
      ["caller", "Perfect, thanks."],
    ],
    summary: () => "Asked whether Delta Dental PPO is accepted and whether cleanings are covered.",
  },
  {
    weight: 8,
    outcome: "inquiry",
    service: null,
    named: false,
    lines: (x, chance) => [
      ["caller", "Hi, what are your opening hours on Saturday?"],
      ["assistant", `On Saturdays we're open ${x.hours}, the same as weekdays. We're closed on Sundays.`],
      ...(chance(0.5)
        ? ([
            ["caller", "And where can I park?"],
            [
              "assistant",
              "There's street parking on Court Street and a garage on Atlantic Avenue, two minutes away.",
            ],
          ] as Line[])
        : []),
      ["caller", "Thanks!"],
    ],
    summary: () => "Asked about Saturday opening hours.",
  },
  {
    weight: 6,
    outcome: "booked",
    service: "Invisalign Consultation",
    named: true,
    lines: (x) => [
      ["caller", "Hi, I'm interested in Invisalign. How does it work?"],
      [
        "assistant",
        "We start with a free consultation: the dentist checks your bite and takes a 3D scan, so you can see a preview of the result.",
      ],
      ["caller", "How long does the treatment take?"],
      [
        "assistant",
        "Usually six to eighteen months, depending on the case. Shall I book the free consultation?",
      ],
      ["caller", `Yes, please. I'm ${x.full}.`],
      ["assistant", `Thank you, ${x.first}. You're booked for ${x.slot}.`],
    ],
    summary: (x) => `Booked a free Invisalign consultation for ${x.slot}.`,
  },
  {
    weight: 6,
    outcome: "booked",
    service: "Children's Check-up",
    named: true,
    lines: (x) => [
      ["caller", "Hi, I'd like to book my son's first dental visit. He's four."],
      [
        "assistant",
        "Wonderful! The children's check-up takes thirty minutes and is very gentle. May I have your name?",
      ],
      ["caller", `I'm ${x.full}, and he's Leo.`],
      ["assistant", `Thank you. I can offer ${x.slot} for Leo.`],
      ["caller", "Great, we'll take it."],
      ["assistant", "Booked. Bring his insurance card if he has one. See you then!"],
    ],
    summary: (x) => `Booked a first children's check-up for the caller's four-year-old, ${x.slot}.`,
  },
  {
    weight: 5,
    outcome: "booked",
    service: "Filling",
    named: true,
    lines: (x) => [
      ["caller", "Hi, I had a filling done last week and the tooth is still sensitive to cold."],
      ["assistant", "Some sensitivity for a couple of weeks is normal. Does it hurt when you bite down?"],
      ["caller", "A bit, yes."],
      [
        "assistant",
        `Then the filling may sit slightly high, which is a quick fix. I can book a short adjustment on ${x.slot}.`,
      ],
      ["caller", `Yes, please. It's ${x.full}.`],
      ["assistant", `Done, ${x.first}. You're booked.`],
    ],
    summary: (x) => `Sensitivity after last week's filling; adjustment booked for ${x.slot}.`,
  },
  {
    weight: 5,
    outcome: "inquiry",
    service: null,
    named: false,
    lines: () => [
      ["caller", "Hi, I have a question about my bill. I think I was charged twice."],
      [
        "assistant",
        "I'm sorry about that. Our billing team can look into it. Please hold while I transfer your call.",
      ],
      ["caller", "Okay."],
    ],
    summary: () => "Question about a possible double charge; transferred to billing.",
  },
];

export const FIRST_NAMES = [
  "Maria",
  "James",
  "Aisha",
  "Wei",
  "Olivia",
  "Daniel",
  "Sofia",
  "Michael",
  "Priya",
  "David",
  "Emma",
  "Carlos",
  "Hannah",
  "Kwame",
  "Grace",
  "Luca",
  "Fatima",
  "Noah",
  "Yuki",
  "Rachel",
  "Omar",
  "Chloe",
  "Ethan",
  "Isabella",
  "Samuel",
  "Leah",
  "Mateo",
  "Zoe",
  "Benjamin",
  "Amara",
];
export const LAST_NAMES = [
  "Lopez",
  "Johnson",
  "Khan",
  "Chen",
  "Williams",
  "Rossi",
  "Cohen",
  "Okafor",
  "Garcia",
  "Kim",
  "Murphy",
  "Patel",
  "Nguyen",
  "Brown",
  "Schwartz",
  "Silva",
  "Novak",
  "Haddad",
  "Tanaka",
  "Miller",
  "Dubois",
  "Kowalski",
  "Reyes",
  "Ali",
  "Walsh",
];
const AREA_CODES = ["212", "347", "646", "718", "917", "929"];
const SLOT_TIMES = ["09:00", "09:30", "10:00", "10:30", "11:15", "13:00", "14:30", "15:45", "16:30"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Finished calls are mostly answered; a few are missed (the caller hung up) or failed (the line dropped). */
const FINAL_STATUSES: readonly [CallStatus, number][] = [
  ["completed", 80],
  ["missed", 12],
  ["failed", 8],
];

/** mulberry32: a tiny, fast, seedable PRNG. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "14:30" → "2:30 PM" */
function spokenTime(hhmm: string): string {
  const minutes = minutesOf(hhmm);
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? "AM" : "PM";
  const minute = minutes % 60;
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${suffix}`;
}

/** Seconds it takes to say a line, roughly (2.6 words a second, and a breath). */
const speakingSeconds = (text: string) => Math.max(2, Math.round(text.split(/\s+/).length / 2.6) + 1);

export type CallGenerator = {
  /** A finished call (completed, missed or failed) that started at `startedAt`. */
  finishedCall(startedAt: Date): CallReport;
  /** `count` finished calls starting in [from, to), mostly within working hours, oldest first. */
  history(count: number, from: Date, to: Date): CallReport[];
};

export function createCallGenerator(options: CallGeneratorOptions): CallGenerator {
  const random = seededRandom(options.seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const weighted = <T>(items: readonly T[], weightOf: (item: T) => number): T => {
    let roll = random() * items.reduce((sum, item) => sum + weightOf(item), 0);
    for (const item of items) {
      roll -= weightOf(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1]!;
  };
  const open = minutesOf(options.workingHours.start);
  const close = minutesOf(options.workingHours.end);
  const slotTimes = SLOT_TIMES.filter((t) => minutesOf(t) >= open && minutesOf(t) + 30 <= close);
  const greeting = `Thank you for calling ${options.companyName}! This is the virtual assistant. How can I help you today?`;
  let counter = 0;

  /** The next working days after the call's own day, said as the assistant would. */
  function slots(startedAt: Date): { slot: string; laterSlot: string } {
    const today = calendarDateAt(startedAt, options.timezone);
    const days = [1, 2, 3, 4, 5, 6, 7].filter((n) =>
      options.workingDays.includes(weekdayOf(addCalendarDays(today, n))),
    );
    const ahead = days.length > 0 ? pick(days.slice(0, 3)) : 1;
    const day = ahead === 1 ? "tomorrow" : WEEKDAYS[weekdayOf(addCalendarDays(today, ahead))]!;
    const times = slotTimes.length > 0 ? slotTimes : SLOT_TIMES;
    const index = Math.floor(random() * Math.max(1, times.length - 1));
    return {
      slot: `${day} at ${spokenTime(times[index]!)}`,
      laterSlot: `${day} at ${spokenTime(times[Math.min(times.length - 1, index + 2)]!)}`,
    };
  }

  function timed(lines: Line[]): { transcript: TranscriptTurn[]; seconds: number } {
    let offset = 0;
    const transcript = lines.map(([speaker, text]) => {
      const turn = { speaker, text, offsetSeconds: offset };
      offset += speakingSeconds(text) + (speaker === "caller" ? 1 : 0);
      return turn;
    });
    return { transcript, seconds: offset + 2 };
  }

  function finishedCall(startedAt: Date): CallReport {
    counter++;
    const first = pick(FIRST_NAMES);
    const full = `${first} ${pick(LAST_NAMES)}`;
    const inTwoHours = (wallTimeAt(startedAt, options.timezone).hour + 2) * 60 + 15;
    const ctx: Context = {
      first,
      full,
      ...slots(startedAt),
      prefersLater: chance(0.5),
      urgentSlot:
        inTwoHours >= open && inTwoHours + 30 <= close
          ? `today at ${spokenTime(`${String(Math.floor(inTwoHours / 60)).padStart(2, "0")}:15`)}`
          : `tomorrow at ${spokenTime(options.workingHours.start)}`,
      hours: `from ${spokenTime(options.workingHours.start)} to ${spokenTime(options.workingHours.end)}`,
    };
    const scenario = weighted(SCENARIOS, (s) => s.weight);
    const status = weighted(FINAL_STATUSES, ([, weight]) => weight)[0];
    const base = {
      externalId: `${options.idPrefix}-${options.seed.toString(36)}-${counter.toString(36)}`,
      callerNumber: `+1 ${pick(AREA_CODES)} 555 01${String(Math.floor(random() * 100)).padStart(2, "0")}`,
      startedAt: startedAt.toISOString(),
      recordingUrl: null,
    };
    if (status === "missed") {
      const { transcript } = timed([["assistant", greeting]]);
      return {
        ...base,
        callerName: null,
        status,
        durationSeconds: 3 + Math.floor(random() * 6),
        outcome: "no-action",
        summary: "The caller hung up during the greeting.",
        transcript,
        serviceName: null,
      };
    }
    const lines: Line[] = [["assistant", greeting], ...scenario.lines(ctx, chance)];
    const named = scenario.named || chance(0.3);
    if (status === "failed") {
      const { transcript, seconds } = timed(lines.slice(0, 2 + Math.floor(random() * 2)));
      return {
        ...base,
        callerName: named ? full : null,
        status,
        durationSeconds: seconds,
        outcome: "no-action",
        summary: `The line dropped after ${seconds} seconds, before the caller's request was handled.`,
        transcript,
        serviceName: null,
      };
    }
    const { transcript, seconds } = timed(lines);
    return {
      ...base,
      callerName: named ? full : null,
      status,
      durationSeconds: seconds,
      outcome: scenario.outcome,
      summary: scenario.summary(ctx),
      transcript,
      serviceName: scenario.service,
    };
  }

  /** A start time on `date`: within working hours on a working day, now and then in the evening or early. */
  function startOn(date: string): Date {
    const afterHours = !options.workingDays.includes(weekdayOf(date)) || chance(0.1);
    const minute = afterHours
      ? pick([7 * 60, 19 * 60, 20 * 60]) + Math.floor(random() * 50)
      : open + Math.floor(random() * Math.max(1, close - open - 10));
    const [year, month, day] = date.split("-").map(Number);
    return firstInstantShowing(
      {
        year: year!,
        month: month!,
        day: day!,
        hour: Math.floor(minute / 60),
        minute: minute % 60,
        second: Math.floor(random() * 60),
        millisecond: 0,
      },
      options.timezone,
    );
  }

  function history(count: number, from: Date, to: Date): CallReport[] {
    const firstDay = calendarDateAt(from, options.timezone);
    const dayCount = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
    const starts: Date[] = [];
    for (let attempts = 0; starts.length < count && attempts < count * 20; attempts++) {
      const date = addCalendarDays(firstDay, Math.floor(random() * dayCount));
      // Closed days get a call only now and then: the phone rings less when the practice is shut.
      if (!options.workingDays.includes(weekdayOf(date)) && !chance(0.15)) continue;
      const start = startOn(date);
      if (start >= from && start < to) starts.push(start);
    }
    return starts.sort((a, b) => a.getTime() - b.getTime()).map(finishedCall);
  }

  return { finishedCall, history };
}

/**
 * What the assistant reports while `call` is under way, `elapsedSeconds` in: the turns spoken so far, the
 * time so far, and no outcome or summary yet (those come with the final report).
 */
export function inProgressReport(call: CallReport, elapsedSeconds: number): CallReport {
  return {
    externalId: call.externalId,
    callerNumber: call.callerNumber,
    callerName: call.callerName ?? null,
    startedAt: call.startedAt,
    status: "in-progress",
    durationSeconds: Math.min(elapsedSeconds, call.durationSeconds ?? elapsedSeconds),
    transcript: (call.transcript ?? []).filter((turn) => turn.offsetSeconds <= elapsedSeconds),
  };
}
