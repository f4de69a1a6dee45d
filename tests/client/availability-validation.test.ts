import { describe, expect, it } from "vitest";
import { blackoutProblem } from "../../src/client/features/availability/availability-validation";

describe("what the blackout form is told", () => {
  const span = { startDate: "2026-11-27", startTime: "14:00", endDate: "2026-11-30", endTime: "10:00" };

  it("points at the first field in the form's order, not the schema's", () => {
    expect(blackoutProblem({ ...span, startDate: "", endDate: "" })).toBe("startDate");
    expect(blackoutProblem({ ...span, startTime: "24:00", endDate: "2026-11-26" })).toBe("startTime");
  });

  it("takes a span across days whose end time is before its start time, not the same on one day", () => {
    expect(blackoutProblem(span)).toBeNull();
    expect(blackoutProblem({ ...span, endDate: span.startDate })).toBe("endTime");
    expect(blackoutProblem({ ...span, endDate: "2026-11-26" })).toBe("endDate");
  });
});
