import { SERVICE_AUDIT_FIELDS } from "@shared/audit.schema";
import { hasAtMostDecimals, priceDecimals } from "@shared/price-decimals";
import {
  SERVICE_CATEGORIES,
  type Service,
  type ServiceCategory,
  service,
  serviceChanges,
  serviceInput,
  serviceList,
} from "@shared/service.schema";
import { recordAudit, recordChangedFields } from "../audit/audit.repo";
import { changedFields } from "../audit/changed-fields";
import { findBusinessCurrency } from "../company/businesses.repo";
import type { Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import { serviceChangesExample, serviceExample, serviceInputExample } from "./services.examples";
import {
  ACTIVE_NAME_KEY,
  type CatalogueService,
  deleteService,
  findService,
  insertService,
  listServices,
  type ServiceValues,
  updateService,
} from "./services.repo";

const NO_SERVICE = "No such service";

// The column's check constraint admits only these; the lookup types it without a cast.
const categoryOf = (value: string | null): ServiceCategory | null =>
  SERVICE_CATEGORIES.find((category) => category === value) ?? null;

const toService = (row: CatalogueService): Service => ({
  _id: row.id,
  name: row.name,
  description: row.description ?? "",
  duration: row.durationMinutes,
  // Whole cents over 100 is the nearest double to the two-decimal price: 1999 / 100 === 19.99.
  price: row.priceCents / 100,
  category: categoryOf(row.category),
  isActive: row.isActive,
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
});

/**
 * The service as sent: spec 7's fields it leaves out are cleared (no description, category); the buffers,
 * beyond the spec, are set only when sent (null: follow the business's), so the spec's client, which never
 * sends them, keeps a service's own buffers (a new service has none).
 */
const valuesOf = (input: typeof serviceInput.infer): ServiceValues => ({
  name: input.name,
  description: input.description || null,
  durationMinutes: input.duration,
  priceCents: Math.round(input.price * 100),
  category: input.category ?? null,
  isActive: input.isActive,
  ...(input.bufferBeforeMinutes !== undefined && { bufferBeforeMinutes: input.bufferBeforeMinutes }),
  ...(input.bufferAfterMinutes !== undefined && { bufferAfterMinutes: input.bufferAfterMinutes }),
});

/**
 * A price finer than the business's currency allows (4500.5 yen) is refused; the schema has already held it
 * to two decimals, what storage keeps (src/shared/price-decimals.ts). An update checks only a changed price:
 * one stored before the currency changed may stay while the rest is edited (or the eye toggles it).
 */
async function refuseFinerThanCurrency(db: Executor, businessId: string, price: number): Promise<void> {
  const currency = await findBusinessCurrency(db, businessId);
  const decimals = priceDecimals(currency);
  if (hasAtMostDecimals(price, decimals)) return;
  throw new Refusal(
    "VALIDATION",
    `price must have at most ${decimals} decimals in ${currency} (was ${price})`,
    {
      field: "price",
    },
  );
}

const nameTaken = (name: string) =>
  new Refusal("CONFLICT", `An active service named "${name}" already exists`, { field: "name" });

/** The database decides a name clash (its partial unique index), so two concurrent writes cannot both win. */
async function refusingNameClash<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, ACTIVE_NAME_KEY)) throw nameTaken(name);
    throw error;
  }
}

const FIELD_RULES =
  "name is trimmed, 1–200 characters, and no two active services may share it whatever its case (409 " +
  "CONFLICT); duration is whole minutes, 1–1440; price is in the business's currency, 0–1,000,000 with at " +
  "most two decimals, none in a currency without decimals (JPY); " +
  'category is one of medical, beauty, wellness, consultation, treatment, therapy, other, or null ("", ' +
  "what the spec's form sends without one, is null too); bufferBeforeMinutes/bufferAfterMinutes (0–240) " +
  "override the business's buffers, null follows them.";

const RULES =
  FIELD_RULES +
  " The body is the whole service as spec 7 knows it: " +
  "description and category left out are cleared; the buffers, beyond the spec, keep their stored values " +
  "when left out (a new service has none). _id, as GET answers it, may be sent back: a POST ignores it, a PUT " +
  "refuses one that is not the path's.";

/** Spec 7 "Services": the catalogue of the signed-in staff member's business. */
export function servicesRoutes({ db, clock }: Pick<AppDeps, "db" | "clock">, guards: RouteGuards) {
  const router = new ApiRouter("/api/services", guards);

  /**
   * Writes the service as `inputOf` makes it from the stored one (locked), recording the fields it changed:
   * PUT's whole body, or PATCH's fields over what is stored.
   */
  const update = async (
    { businessId, userId }: { businessId: string; userId: string },
    id: string,
    inputOf: (stored: Service) => typeof serviceInput.infer,
  ): Promise<Service> => {
    const row = await db.transaction(async (tx) => {
      const at = clock();
      const before = await findService(tx, businessId, id, { lock: true });
      if (!before) throw new Refusal("NOT_FOUND", NO_SERVICE);
      const input = inputOf(toService(before));
      const values = valuesOf(input);
      // Only a changed price: one stored before the currency changed may stay while the rest is edited.
      if (before.priceCents !== values.priceCents) await refuseFinerThanCurrency(tx, businessId, input.price);
      // The refusal leaves the transaction, which rolls back.
      const row = await refusingNameClash(input.name, () => updateService(tx, businessId, id, values, at));
      if (!row) throw new Refusal("NOT_FOUND", NO_SERVICE);
      const fields = changedFields(SERVICE_AUDIT_FIELDS, toService(before), toService(row));
      // The eye action records only what it changed.
      await recordChangedFields(tx, {
        businessId,
        actor: { userId },
        at,
        action: "service.updated",
        details: { serviceName: row.name, fields },
      });
      return row;
    });
    return toService(row);
  };

  router.add(
    {
      method: "get",
      path: "/",
      summary: "The business's services, active and inactive, by name",
      auth: "user",
      response: serviceList,
      examples: { response: [serviceExample] },
      errors: [],
    },
    async (c) => ok(c, (await listServices(db, c.get("auth").businessId)).map(toService)),
  );

  router.add(
    {
      method: "get",
      path: "/:id",
      summary: "One service of the business",
      auth: "user",
      response: service,
      examples: { response: serviceExample },
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const row = await findService(db, c.get("auth").businessId, readIdParam(c, NO_SERVICE));
      if (!row) throw new Refusal("NOT_FOUND", NO_SERVICE);
      return ok(c, toService(row));
    },
  );

  router.add(
    {
      method: "post",
      path: "/",
      summary: "Add a service",
      description: RULES,
      auth: "user",
      body: serviceInput,
      response: service,
      status: 201,
      examples: { body: serviceInputExample, response: serviceExample },
      errors: ["CONFLICT"],
    },
    async (c, { body }) => {
      const { businessId, userId } = c.get("auth");
      const row = await refusingNameClash(body.name, () =>
        db.transaction(async (tx) => {
          await refuseFinerThanCurrency(tx, businessId, body.price);
          const at = clock();
          const row = await insertService(tx, businessId, valuesOf(body), at);
          const details = { serviceName: row.name };
          await recordAudit(tx, { businessId, actor: { userId }, at, action: "service.created", details });
          return row;
        }),
      );
      return ok(c, toService(row), 201);
    },
  );

  router.add(
    {
      method: "put",
      path: "/:id",
      summary: "Replace a service (spec 4: the eye action sends it whole with isActive inverted)",
      description: RULES,
      auth: "user",
      body: serviceInput,
      response: service,
      examples: { body: serviceInputExample, response: serviceExample },
      errors: ["NOT_FOUND", "CONFLICT"],
    },
    async (c, { body }) => {
      const id = readIdParam(c, NO_SERVICE);
      if (body._id !== undefined && body._id !== id)
        throw new Refusal("VALIDATION", "_id must be the id of the service in the path (or left out)", {
          field: "_id",
        });
      return ok(c, await update(c.get("auth"), id, () => body));
    },
  );

  router.add(
    {
      method: "patch",
      path: "/:id",
      summary: "Change some fields of a service; those left out keep their stored values",
      description:
        "Beyond spec 7: any of name, description, duration, price, category, isActive, bufferBeforeMinutes, " +
        "bufferAfterMinutes, each checked as a PUT checks it. The portal's eye action sends isActive alone and " +
        "its edit dialog the fields changed in it, so a save never puts back what another tab saved meanwhile. " +
        FIELD_RULES,
      auth: "user",
      body: serviceChanges,
      response: service,
      examples: { body: serviceChangesExample, response: serviceExample },
      errors: ["NOT_FOUND", "CONFLICT"],
    },
    async (c, { body }) => {
      const id = readIdParam(c, NO_SERVICE);
      return ok(c, await update(c.get("auth"), id, (stored) => ({ ...stored, ...body })));
    },
  );

  router.add(
    {
      method: "delete",
      path: "/:id",
      summary: "Delete a service",
      auth: "user",
      response: null,
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const id = readIdParam(c, NO_SERVICE);
      const { businessId, userId } = c.get("auth");
      await db.transaction(async (tx) => {
        const deleted = await deleteService(tx, businessId, id);
        if (!deleted) throw new Refusal("NOT_FOUND", NO_SERVICE);
        const details = { serviceName: deleted.name };
        await recordAudit(tx, {
          businessId,
          actor: { userId },
          at: clock(),
          action: "service.deleted",
          details,
        });
      });
      return ok(c, null);
    },
  );

  return router;
}
