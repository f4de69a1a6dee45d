import { describe, expect, it } from "vitest";
import { problemsOf } from "../../src/client/features/settings/settings-check";
import {
  changesOf,
  departmentLeftUnadded,
  draftOf,
  rebaseDraft,
  sameDraft,
  updateOf,
} from "../../src/client/features/settings/settings-draft";
import { RULE_MESSAGES } from "../../src/client/features/settings/settings-field-messages";
import type { Company } from "../../src/shared/company.schema";
import { DEFAULT_CALL_TRANSFER } from "../../src/shared/company-defaults";

/** A practice a while after sign-up: a phone, a department, spec 9's week. */
const stored: Company = {
  name: "Bright Smile Dental",
  phoneNumber: "+1 555 0100",
  prompt: "A family dental practice.",
  greeting: "Hello!",
  availableServices: [],
  currency: "USD",
  language: "en",
  settings: {
    timezone: "America/New_York",
    workingHours: { start: "09:00", end: "17:00" },
    workingDays: [1, 2, 3, 4, 5],
    weeklyHoursSimple: true,
    callTransfer: {
      ...DEFAULT_CALL_TRANSFER,
      enabled: true,
      transferPhoneNumbers: { default: "+1 555 0100", departments: { "front desk": "+1 555 0110" } },
    },
  },
};

/** The same company with its week saved on the Availability screen: Monday to Saturday, 08:00–18:00. */
const longerWeek: Company = {
  ...stored,
  settings: {
    ...stored.settings,
    workingHours: { start: "08:00", end: "18:00" },
    workingDays: [1, 2, 3, 4, 5, 6],
  },
};

describe("the settings form fed a company fetched again", () => {
  it("shows the fresh hours in fields nobody touched and keeps the greeting being typed, so a save keeps both", () => {
    const typing = { ...draftOf(stored), greeting: "Welcome!" };
    const rebased = rebaseDraft(typing, stored, longerWeek);
    expect(rebased).toEqual({ ...draftOf(longerWeek), greeting: "Welcome!" });
    expect(updateOf(rebased, longerWeek).settings).toMatchObject({
      workingHours: { start: "08:00", end: "18:00" },
      workingDays: [1, 2, 3, 4, 5, 6],
    });
  });

  it("keeps what the user changed even where the fresh company differs too", () => {
    const typing = { ...draftOf(stored), closesAt: "16:00", workingDays: [1, 2, 3] };
    expect(rebaseDraft(typing, stored, longerWeek)).toMatchObject({
      opensAt: "08:00",
      closesAt: "16:00",
      workingDays: [1, 2, 3],
    });
  });

  it("moves a default transfer number that was the company phone to a new company phone", () => {
    const renumbered: Company = {
      ...stored,
      phoneNumber: "+1 555 0199",
      settings: {
        ...stored.settings,
        callTransfer: {
          ...stored.settings.callTransfer,
          transferPhoneNumbers: {
            ...stored.settings.callTransfer.transferPhoneNumbers,
            default: "+1 555 0199",
          },
        },
      },
    };
    const typing = { ...draftOf(stored), departments: [] };
    expect(rebaseDraft(typing, stored, renumbered)).toMatchObject({
      defaultNumber: "+1 555 0199",
      departments: [],
    });
    expect(rebaseDraft(draftOf(stored), stored, renumbered)).toEqual(draftOf(renumbered));
  });
});

describe("the settings form's max wait", () => {
  it("refuses a negative wait with the range's message rather than saving 300 (spec 5: 300 only if not numeric)", () => {
    const update = updateOf({ ...draftOf(stored), maxWaitTime: "-5" }, stored);
    expect(update.settings.callTransfer?.maxWaitTime).toBe(-5);
    expect(problemsOf(update)).toEqual({ maxWaitTime: RULE_MESSAGES.maxWaitInvalid });
    expect(updateOf({ ...draftOf(stored), maxWaitTime: "soon" }, stored).settings.callTransfer).toMatchObject(
      { maxWaitTime: 300 },
    );
  });
});

describe("the settings form with call transfer switched off", () => {
  it("neither checks nor sends the numbers and the message the switch hides: they keep their stored values", () => {
    const hidden = {
      ...draftOf(stored),
      transferEnabled: false,
      transferMessage: "x".repeat(600),
      departments: [{ key: "Sales", number: "call me" }],
    };
    const update = updateOf(hidden, stored);
    expect(problemsOf(update)).toEqual({});
    expect(update.settings.callTransfer).toEqual({ ...stored.settings.callTransfer, enabled: false });
    // Switched on again, they are the form's once more, and checked.
    expect(Object.keys(problemsOf(updateOf({ ...hidden, transferEnabled: true }, stored))).sort()).toEqual([
      "departments",
      "transferMessage",
    ]);
  });
});

describe("a department typed in the new department's fields and not added", () => {
  const typing = (key: string, number: string) => ({ ...draftOf(stored), newDepartment: { key, number } });

  it("is an unsaved change that keeps the save waiting, half typed or whole", () => {
    expect(sameDraft(typing("Billing", ""), draftOf(stored))).toBe(false);
    expect(
      [typing("Billing", "+1 555 0123"), typing("", "+1 555 0123"), typing("Billing", "")].map(
        departmentLeftUnadded,
      ),
    ).toEqual([true, true, true]);
  });

  it("is nothing once cleared (spaces alone too), or while the switch hides it", () => {
    expect([typing("", ""), typing("  ", " ")].map(departmentLeftUnadded)).toEqual([false, false]);
    expect(departmentLeftUnadded({ ...typing("Billing", "+1 555 0123"), transferEnabled: false })).toBe(
      false,
    );
  });
});

describe("a save of the settings form", () => {
  it("sends nothing the transfer switch hides while it is off, typed or not", () => {
    const hidden = {
      ...draftOf(stored),
      greeting: "Hello",
      transferEnabled: false,
      transferMessage: "x".repeat(600),
      departments: [{ key: "Sales", number: "call me" }],
    };
    expect(changesOf(hidden, draftOf(stored))).toEqual({
      greeting: "Hello",
      ...(stored.settings.callTransfer.enabled && { settings: { callTransfer: { enabled: false } } }),
    });
  });

  it("sends only the fields the user changed, so a greeting another tab saved is not put back", () => {
    const renamed = { ...draftOf(stored), name: "Bright Smile West" };
    expect(changesOf(renamed, draftOf(stored))).toEqual({ name: "Bright Smile West" });
  });

  it("sends a changed end of the hours or field of call handling alone, and the departments whole", () => {
    const typed = {
      ...draftOf(stored),
      closesAt: "18:00",
      transferMessage: "One moment.",
      departments: [{ key: "billing", number: "+1 555 0120" }],
    };
    expect(changesOf(typed, draftOf(stored))).toEqual({
      settings: {
        workingHours: { end: "18:00" },
        callTransfer: {
          transferPhoneNumbers: { departments: { billing: "+1 555 0120" } },
          transferMessage: "One moment.",
        },
      },
    });
  });
});
