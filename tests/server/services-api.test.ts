import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { insertServices } from "../../src/server/services/services.repo";
import type { Service, ServiceInput } from "../../src/shared/service.schema";
import { type SignedIn, signUp } from "../support/server-accounts";
import { readEnvelope, startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(() => server.close());

const cut: ServiceInput = { name: "Haircut", duration: 30, price: 25, isActive: true };

const as = (who: SignedIn) => ({
  list: () => server.request("/api/services", { accessToken: who.accessToken }),
  get: (id: string) => server.request(`/api/services/${id}`, { accessToken: who.accessToken }),
  create: (json: unknown) =>
    server.request("/api/services", { method: "POST", json, accessToken: who.accessToken }),
  /** A POST of the text `body` as it is, labelled JSON. */
  createFromText: (body: string) =>
    server.request("/api/services", {
      method: "POST",
      accessToken: who.accessToken,
      headers: { "content-type": "application/json" },
      body,
    }),
  update: (id: string, json: unknown) =>
    server.request(`/api/services/${id}`, { method: "PUT", json, accessToken: who.accessToken }),
  change: (id: string, json: unknown) =>
    server.request(`/api/services/${id}`, { method: "PATCH", json, accessToken: who.accessToken }),
  remove: (id: string) =>
    server.request(`/api/services/${id}`, { method: "DELETE", accessToken: who.accessToken }),
});

async function created(who: SignedIn, input: ServiceInput): Promise<Service> {
  const response = await as(who).create(input);
  const body = await readEnvelope<Service>(response);
  if (!body.success) throw new Error(`create failed: ${response.status} ${JSON.stringify(body)}`);
  expect(response.status).toBe(201);
  return body.data;
}

async function listOf(who: SignedIn): Promise<Service[]> {
  const body = await readEnvelope<Service[]>(await as(who).list());
  if (!body.success) throw new Error("list failed");
  return body.data;
}

const conflict = (name: string) => ({
  success: false,
  error: { code: "CONFLICT", field: "name", message: `An active service named "${name}" already exists` },
});

let nameCounter = 0;
const uniqueName = (label: string) => `${label} ${nameCounter++}`;

describe("services CRUD", () => {
  it("creates, lists, reads, replaces and deletes a service", async () => {
    const carol = await signUp(server);
    expect(await listOf(carol)).toEqual([]);

    const input: ServiceInput = {
      name: "  Deep Tissue Massage  ",
      description: "Sixty minutes, oils included",
      duration: 60,
      price: 19.99,
      category: "wellness",
      isActive: true,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: null,
    };
    const service = await created(carol, input);
    // As sent, its name trimmed.
    expect(service).toEqual({
      ...input,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Deep Tissue Massage",
    });
    expect(await readEnvelope(await as(carol).get(service._id))).toEqual({ success: true, data: service });

    const plain = await created(carol, { name: "consultation", duration: 15, price: 0, isActive: false });
    expect(plain).toMatchObject({ description: "", category: null, bufferBeforeMinutes: null, price: 0 });
    // By name whatever its case: "consultation" before "Deep…".
    expect((await listOf(carol)).map((s) => s.name)).toEqual(["consultation", "Deep Tissue Massage"]);

    // PUT replaces the whole service as spec 7 knows it: the description and category it leaves out are
    // cleared; the buffers, beyond the spec, keep their stored values.
    const replaced = await as(carol).update(service._id, { ...cut, name: "Swedish Massage", price: 0.1 });
    expect(replaced.status).toBe(200);
    const after = { ...cut, _id: service._id, name: "Swedish Massage", price: 0.1, description: "" };
    expect(await readEnvelope(replaced)).toEqual({
      success: true,
      data: { ...after, category: null, bufferBeforeMinutes: 5, bufferAfterMinutes: null },
    });
    // An explicit null follows the business's buffers again.
    const cleared = await as(carol).update(service._id, {
      ...cut,
      name: "Swedish Massage",
      bufferBeforeMinutes: null,
    });
    expect(await readEnvelope(cleared)).toMatchObject({ data: { bufferBeforeMinutes: null } });

    const deleted = await as(carol).remove(service._id);
    expect(deleted.status).toBe(200);
    expect(await readEnvelope(deleted)).toEqual({ success: true, data: null });
    expect((await listOf(carol)).map((s) => s._id)).toEqual([plain._id]);
    expect((await as(carol).get(service._id)).status).toBe(404);
    expect((await as(carol).remove(service._id)).status).toBe(404);
  });

  it("keeps prices exact to the cent", async () => {
    for (const price of [19.99, 0.01, 0.1, 0.29, 1.01, 99.95, 1234.56, 999999.99, 1000000]) {
      const service = await created(alice, { ...cut, name: uniqueName("Priced"), price });
      expect(service.price).toBe(price);
      const listed = (await listOf(alice)).find((s) => s._id === service._id);
      expect(listed?.price).toBe(price);
    }
  });

  it("refuses a price finer than the business's currency, naming the price, but keeps one stored before it changed", async () => {
    const yen = await signUp(server);
    const stored = await created(yen, { ...cut, price: 4500.5 });
    await server.db.update(businesses).set({ currency: "JPY" }).where(eq(businesses.id, yen.user.businessId));
    const refusal = (price: number) => ({
      success: false,
      error: {
        code: "VALIDATION",
        field: "price",
        message: `price must have at most 0 decimals in JPY (was ${price})`,
      },
    });
    const create = await as(yen).create({ ...cut, name: "Colour", price: 120.5 });
    expect([create.status, await readEnvelope(create)]).toEqual([400, refusal(120.5)]);
    const update = await as(yen).update(stored._id, { ...cut, price: 4500.25 });
    expect([update.status, await readEnvelope(update)]).toEqual([400, refusal(4500.25)]);
    expect((await listOf(yen)).map(({ name, price }) => [name, price])).toEqual([["Haircut", 4500.5]]);
    expect((await created(yen, { ...cut, name: "Colour", price: 120 })).price).toBe(120);
    // The eye sends the stored price back unchanged: the toggle is not refused for it.
    const { _id, ...rest } = stored;
    expect((await as(yen).update(_id, { ...rest, isActive: false })).status).toBe(200);
  });

  it("toggles a service by sending it whole with isActive inverted (spec 4)", async () => {
    const service = await created(alice, { ...cut, name: uniqueName("Toggle"), category: "beauty" });
    const { _id, ...rest } = service;
    const off = await readEnvelope<Service>(await as(alice).update(_id, { ...rest, isActive: false }));
    expect(off).toEqual({ success: true, data: { ...service, isActive: false } });
    const on = await readEnvelope<Service>(await as(alice).update(_id, { ...rest, isActive: true }));
    expect(on).toEqual({ success: true, data: service });
  });

  it("changes only the fields a PATCH sends: a toggle from a list read before a rename keeps the rename", async () => {
    const service = await created(alice, {
      ...cut,
      name: uniqueName("Cut"),
      description: "Short",
      category: "beauty",
    });
    // Tab A renames it at a new price; tab B, its list read before, switches it off, then edits its duration.
    const renamed = { ...service, name: uniqueName("Haircut deluxe"), price: 45 };
    const { _id, ...whole } = renamed;
    expect((await as(alice).update(_id, whole)).status).toBe(200);
    const off = await readEnvelope<Service>(await as(alice).change(_id, { isActive: false }));
    expect(off).toEqual({ success: true, data: { ...renamed, isActive: false } });
    const longer = await readEnvelope<Service>(await as(alice).change(_id, { duration: 50, category: "" }));
    expect(longer).toEqual({
      success: true,
      data: { ...renamed, isActive: false, duration: 50, category: null },
    });
    expect(await readEnvelope(await as(alice).get(_id))).toEqual(longer);
    expect(await readEnvelope(await as(alice).change(_id, {}))).toEqual(longer);
  });

  it("checks a PATCH's fields as a PUT does, and refuses an active name taken by switching on", async () => {
    const service = await created(alice, { ...cut, name: uniqueName("Patch") });
    for (const [body, field] of [
      [{ name: "  " }, "name"],
      [{ duration: 0 }, "duration"],
      [{ price: 1.999 }, "price"],
      [{ _id: service._id }, "_id"],
      [{ isActive: "yes" }, "isActive"],
    ] as const) {
      const response = await as(alice).change(service._id, body);
      expect(response.status).toBe(400);
      expect(await readEnvelope(response)).toMatchObject({ error: { code: "VALIDATION", field } });
    }
    expect(await readEnvelope(await as(alice).get(service._id))).toEqual({ success: true, data: service });

    const dormant = await created(alice, { ...cut, name: service.name, isActive: false });
    const woken = await as(alice).change(dormant._id, { isActive: true });
    expect(woken.status).toBe(409);
    expect(await readEnvelope(woken)).toEqual(conflict(service.name));
    const missing = await as(bob).change(service._id, { isActive: false });
    expect(missing.status).toBe(404);
  });

  it("needs a signed-in user", async () => {
    expect((await server.request("/api/services")).status).toBe(401);
    expect((await server.request("/api/services", { method: "POST", json: cut })).status).toBe(401);
  });
});

// On the embedded database the list is kept in memory between writes: every write must show at once.
describe("the list as the catalogue changes", () => {
  it("answers what each write left, whichever way it was written, and nothing another business wrote", async () => {
    const dana = await signUp(server);
    const erin = await signUp(server);
    const first = await created(dana, { ...cut, name: "Beard trim" });
    expect((await listOf(dana)).map((s) => s.name)).toEqual(["Beard trim"]);

    // Written straight through the repository, as the demo seed and the benchmarks do.
    await insertServices(server.db, dana.user.businessId, [{ name: "Afro cut", durationMinutes: 45 }]);
    expect((await listOf(dana)).map((s) => s.name)).toEqual(["Afro cut", "Beard trim"]);

    expect((await as(dana).create({ ...cut, name: "beard TRIM" })).status).toBe(409);
    await created(erin, { ...cut, name: "Colour" });
    expect((await listOf(dana)).map((s) => s.name)).toEqual(["Afro cut", "Beard trim"]);

    const { _id, ...rest } = first;
    await as(dana).update(_id, { ...rest, name: "Beard shape", isActive: false });
    expect((await listOf(dana)).map((s) => [s.name, s.isActive])).toEqual([
      ["Afro cut", true],
      ["Beard shape", false],
    ]);
    await as(dana).remove(_id);
    expect((await listOf(dana)).map((s) => s.name)).toEqual(["Afro cut"]);
    expect((await listOf(erin)).map((s) => s.name)).toEqual(["Colour"]);
  });

  it("sends a large catalogue gzipped to clients that ask, the same data either way and every time", async () => {
    const frank = await signUp(server);
    const description = "A treatment described at the length owners write them, give or take.".repeat(2);
    await insertServices(
      server.db,
      frank.user.businessId,
      Array.from({ length: 60 }, (_, i) => ({ name: `Service ${i}`, description, durationMinutes: 30 })),
    );
    const read = async (encoding: string) => {
      const response = await server.request("/api/services", {
        accessToken: frank.accessToken,
        headers: { "accept-encoding": encoding },
      });
      return { encoding: response.headers.get("content-encoding"), body: await response.json() };
    };
    const plain = await read("identity");
    const gzipped = [await read("gzip"), await read("gzip")];
    expect(plain.encoding).toBeNull();
    expect(gzipped.map((answer) => answer.encoding)).toEqual(["gzip", "gzip"]);
    expect(plain.body.data).toHaveLength(60);
    expect(gzipped.map((answer) => answer.body)).toEqual([plain.body, plain.body]);
  });
});

describe("services validation", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an empty name", { name: "" }, "name", "name must be non-empty"],
    ["a name of spaces", { name: "   " }, "name", "name must be non-empty"],
    [
      "a name over 200 characters",
      { name: "x".repeat(201) },
      "name",
      "name must be at most length 200 (was 201)",
    ],
    ["a name that is not text", { name: 7 }, "name", "name must be a string (was a number)"],
    [
      "a description that is not text",
      { description: 5 },
      "description",
      "description must be a string (was a number)",
    ],
    [
      "a description over 2000 characters",
      { description: "d".repeat(2001) },
      "description",
      "description must be at most length 2000 (was 2001)",
    ],
    ["a zero duration", { duration: 0 }, "duration", "duration must be at least 1 (was 0)"],
    ["a fractional duration", { duration: 1.5 }, "duration", "duration must be an integer (was 1.5)"],
    ["a duration over a day", { duration: 1441 }, "duration", "duration must be at most 1440 (was 1441)"],
    ["a duration as text", { duration: "30" }, "duration", "duration must be a number (was a string)"],
    ["a negative price", { price: -1 }, "price", "price must be non-negative (was -1)"],
    [
      "a price with three decimals",
      { price: 19.999 },
      "price",
      "price must be an amount with at most two decimals (was 19.999)",
    ],
    [
      "a price over a million",
      { price: 1000000.01 },
      "price",
      "price must be at most 1000000 (was 1000000.01)",
    ],
    ["a price as text", { price: "25" }, "price", "price must be a number (was a string)"],
    [
      "an unknown category",
      { category: "food" },
      "category",
      'category must be "", "beauty", "consultation", "medical", "other", "therapy", "treatment", "wellness" or null (was "food")',
    ],
    ["isActive as text", { isActive: "yes" }, "isActive", 'isActive must be boolean (was "yes")'],
    [
      "a negative buffer",
      { bufferBeforeMinutes: -1 },
      "bufferBeforeMinutes",
      "bufferBeforeMinutes must be non-negative (was -1)",
    ],
    [
      "a fractional buffer",
      { bufferAfterMinutes: 2.5 },
      "bufferAfterMinutes",
      "bufferAfterMinutes must be an integer (was 2.5)",
    ],
    [
      "a buffer over 240",
      { bufferAfterMinutes: 241 },
      "bufferAfterMinutes",
      "bufferAfterMinutes must be at most 240 (was 241)",
    ],
    ["an unknown field", { colour: "red" }, "colour", "colour must be removed"],
    ["a missing duration", { duration: undefined }, "duration", "duration must be a number (was missing)"],
  ];

  it.each(cases)(
    "refuses %s with 400 naming the field, on create and on update",
    async (_, change, field, message) => {
      const target = await created(alice, { ...cut, name: uniqueName("Valid") });
      const before = await listOf(alice);
      const body = { ...cut, name: uniqueName("Changed"), ...change };
      for (const response of [await as(alice).create(body), await as(alice).update(target._id, body)]) {
        expect(response.status).toBe(400);
        const envelope = await readEnvelope(response);
        expect(envelope).toEqual({
          success: false,
          error: { code: "VALIDATION", field, message: expect.any(String) },
        });
        if (!envelope.success) expect(envelope.error.message).toContain(message);
      }
      // Nothing was written, in part or whole.
      expect(await listOf(alice)).toEqual(before);
    },
  );

  it("refuses text the database cannot hold, naming the field, and stores nothing", async () => {
    const before = await listOf(alice);
    const response = await as(alice).createFromText(
      '{"name":"Nul\\u0000","duration":30,"price":1,"isActive":true}',
    );
    expect(response.status).toBe(400);
    expect(await readEnvelope(response)).toMatchObject({ error: { code: "VALIDATION", field: "name" } });
    expect(await listOf(alice)).toEqual(before);
  });

  it("refuses a body that is not a JSON object", async () => {
    for (const json of [null, [], "Haircut", 3]) {
      const response = await as(alice).create(json);
      expect(response.status).toBe(400);
      expect(await readEnvelope(response)).toMatchObject({ success: false, error: { code: "VALIDATION" } });
    }
    const text = await as(alice).createFromText("{ name: ");
    expect(text.status).toBe(400);
  });
});

describe("unique active names", () => {
  it("refuses a second active service with the same name, whatever its case", async () => {
    const name = uniqueName("Facial");
    await created(alice, { ...cut, name });
    const response = await as(alice).create({ ...cut, name: ` ${name.toUpperCase()} ` });
    expect(response.status).toBe(409);
    expect(await readEnvelope(response)).toEqual(conflict(name.toUpperCase()));
    expect((await listOf(alice)).filter((s) => s.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it("allows the name beside inactive ones and in another business", async () => {
    const name = uniqueName("Manicure");
    await created(alice, { ...cut, name, isActive: false });
    await created(alice, { ...cut, name: name.toLowerCase(), isActive: false });
    await created(alice, { ...cut, name });
    await created(bob, { ...cut, name });
  });

  it("refuses renaming onto an active name and activating an inactive duplicate", async () => {
    const name = uniqueName("Pedicure");
    const active = await created(alice, { ...cut, name });
    const other = await created(alice, { ...cut, name: uniqueName("Other") });
    const renamed = await as(alice).update(other._id, { ...cut, name: name.toLowerCase() });
    expect(renamed.status).toBe(409);
    expect(await readEnvelope(renamed)).toEqual(conflict(name.toLowerCase()));

    const dormant = await created(alice, { ...cut, name, isActive: false });
    const activated = await as(alice).update(dormant._id, { ...cut, name, isActive: true });
    expect(activated.status).toBe(409);
    expect(await readEnvelope(await as(alice).get(dormant._id))).toMatchObject({ data: { isActive: false } });

    // Once the active one is switched off, the other may take its place; a service may keep its own name.
    expect((await as(alice).update(active._id, { ...cut, name, isActive: false })).status).toBe(200);
    expect((await as(alice).update(dormant._id, { ...cut, name, isActive: true })).status).toBe(200);
    expect((await as(alice).update(dormant._id, { ...cut, name, price: 30 })).status).toBe(200);
  });

  it("lets exactly one of many concurrent creates with one name win", async () => {
    const name = uniqueName("Rush");
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        as(alice).create({ ...cut, name: i % 2 ? name : name.toUpperCase() }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await listOf(alice)).filter((s) => s.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it("lets exactly one of concurrent activations of duplicates win", async () => {
    const name = uniqueName("Wake");
    const dormant = await Promise.all([1, 2, 3].map(() => created(alice, { ...cut, name, isActive: false })));
    const responses = await Promise.all(dormant.map((s) => as(alice).update(s._id, { ...cut, name })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const active = (await listOf(alice)).filter((s) => s.name === name && s.isActive);
    expect(active).toHaveLength(1);
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another business's service on GET, PUT and DELETE, and leaves it alone", async () => {
    const bobs = await created(bob, { ...cut, name: uniqueName("Bob only") });
    for (const response of [
      await as(alice).get(bobs._id),
      await as(alice).update(bobs._id, { ...cut, name: "Stolen" }),
      await as(alice).remove(bobs._id),
    ]) {
      expect(response.status).toBe(404);
      expect(await readEnvelope(response)).toEqual({
        success: false,
        error: { code: "NOT_FOUND", message: "No such service" },
      });
    }
    expect(await readEnvelope(await as(bob).get(bobs._id))).toEqual({ success: true, data: bobs });
    expect((await listOf(alice)).some((s) => s._id === bobs._id)).toBe(false);
  });

  it("answers 404 for malformed and unknown ids", async () => {
    for (const id of [
      "nope",
      "123",
      "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e1",
      "%20",
      "00000000-0000-0000-0000-000000000000",
    ]) {
      expect((await as(alice).get(id)).status).toBe(404);
      expect((await as(alice).update(id, cut)).status).toBe(404);
      expect((await as(alice).remove(id)).status).toBe(404);
    }
  });
});
