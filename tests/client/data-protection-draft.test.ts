import { describe, expect, it } from "vitest";
import {
  changesOf,
  draftOf,
  rebaseOnFresh,
} from "../../src/client/features/data-protection/data-protection-draft";
import type { PrivacySettings } from "../../src/shared/privacy.schema";

const opened: PrivacySettings = {
  recordCalls: true,
  callContentDays: null,
  callRowDays: 365,
  bookingPersonalDays: null,
};
/** What another tab saved meanwhile: recording off. */
const elsewhere: PrivacySettings = { ...opened, recordCalls: false };

describe("the data protection card in two tabs", () => {
  it("sends only the settings its user changed, so recording switched off elsewhere stays off", () => {
    const typed = { ...draftOf(opened), callContentDays: { limited: true, days: "90" } };
    expect(changesOf(typed, draftOf(opened))).toEqual({ callContentDays: 90 });
    // A limit switched on and off again, whatever its days, is no change.
    const undone = { ...draftOf(opened), callContentDays: { limited: false, days: "30" } };
    expect(changesOf(undone, draftOf(opened))).toEqual({});
  });

  it("shows what came in the fields nobody touched and keeps the ones being edited", () => {
    const typed = { ...draftOf(opened), callRowDays: { limited: true, days: "400" } };
    const rebased = rebaseOnFresh(typed, draftOf(opened), draftOf(elsewhere));
    expect(rebased).toEqual({ ...draftOf(elsewhere), callRowDays: { limited: true, days: "400" } });
    expect(changesOf(rebased, draftOf(elsewhere))).toEqual({ callRowDays: 400 });
  });
});
