import { sessionUser } from "@shared/auth.schema";
import { type } from "arktype";
import { describe, expect, it } from "vitest";
import { check } from "../../src/client/lib/response-schema";
import { sessionOrNoneCheck, sessionUserCheck } from "../../src/client/lib/session-user-check";

const user = { id: "u1", email: "a@example.com", businessId: "b1", businessName: "Salon" };

const samples: unknown[] = [
  user,
  { ...user, role: "owner" },
  { ...user, businessName: "" },
  { ...user, id: 1 },
  { ...user, email: null },
  { id: "u1", email: "a@example.com", businessId: "b1" },
  Object.assign(Object.create({ businessName: "inherited" }), { id: "u1", email: "e", businessId: "b1" }),
  {},
  [],
  "user",
  0,
  undefined,
  null,
];

const arkVerdict = (schema: type.Any, value: unknown) => !(schema(value) instanceof type.errors);
const handVerdict = async (schema: Parameters<typeof check>[0], value: unknown) =>
  (await check(schema, value)).ok;

describe("the session user's hand check (entry chunk) gives the verdicts of its arktype schema", () => {
  it.each(samples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    "%s",
    async (_, sample) => {
      expect(await handVerdict(sessionUserCheck, sample)).toBe(arkVerdict(sessionUser, sample));
      expect(await handVerdict(sessionOrNoneCheck, sample)).toBe(arkVerdict(sessionUser.or("null"), sample));
    },
  );

  it("accepts a user and keeps it whole", async () => {
    expect(await check(sessionUserCheck, user)).toEqual({ ok: true, value: user });
  });
});
