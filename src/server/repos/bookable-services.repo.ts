import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/database";
import { services } from "../db/schema/services.schema";

/** What booking a service needs: its length and its own buffers (null: the business's). */
export type BookableService = {
  durationMinutes: number;
  bufferBeforeMinutes: number | null;
  bufferAfterMinutes: number | null;
};

/** The service, when it is the business's and active; an inactive one cannot be booked. */
export async function findBookableService(
  db: Executor,
  businessId: string,
  serviceId: string,
): Promise<BookableService | null> {
  const [row] = await db
    .select({
      durationMinutes: services.durationMinutes,
      bufferBeforeMinutes: services.bufferBeforeMinutes,
      bufferAfterMinutes: services.bufferAfterMinutes,
    })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.id, serviceId), eq(services.isActive, true)))
    .limit(1);
  return row ?? null;
}
