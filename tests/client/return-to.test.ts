import { describe, expect, it } from "vitest";
import { appPathOf } from "../../src/client/lib/return-to";

const ORIGIN = "https://portal.example";

describe("the return-to path after sign-in", () => {
  it("keeps a path of the app, with its query and fragment", () => {
    expect(appPathOf("/calls?page=2#top", ORIGIN)).toBe("/calls?page=2#top");
    expect(appPathOf("/bookings?view=calendar&date=2026-03-02", ORIGIN)).toBe(
      "/bookings?view=calendar&date=2026-03-02",
    );
  });

  it("refuses what the browser would take to another origin: //host, /\\host, absolute URLs", () => {
    expect(appPathOf("//evil.example/x", ORIGIN)).toBeNull();
    expect(appPathOf("/\\evil.example", ORIGIN)).toBeNull();
    expect(appPathOf("/\\/evil.example", ORIGIN)).toBeNull();
    expect(appPathOf("/\t/evil.example", ORIGIN)).toBeNull();
    expect(appPathOf("https://evil.example/dashboard", ORIGIN)).toBeNull();
    expect(appPathOf("javascript:alert(1)", ORIGIN)).toBeNull();
  });

  it("refuses the sign-in pages themselves", () => {
    expect(appPathOf("/auth/sign-in", ORIGIN)).toBeNull();
    expect(appPathOf("/auth/../auth/sign-up", ORIGIN)).toBeNull();
  });
});
