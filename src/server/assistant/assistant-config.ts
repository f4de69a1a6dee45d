import type { AssistantConfig } from "@shared/assistant.schema";
import { DEFAULT_LANGUAGE, isLanguageCode } from "@shared/languages";
import { moneyFromCents } from "@shared/money.schema";
import { workingHoursOf } from "@shared/weekly-schedule";
import { readWeeklySchedule } from "../availability/weekly-hours.repo";
import { findBusiness } from "../company/businesses.repo";
import type { Executor } from "../db/database";
import { listActiveServices } from "../services/services.repo";

/**
 * What an assistant needs to answer the business's phone (company, hours, active services with prices,
 * transfer rules), as GET /api/assistant/config answers it and the voice platforms' config tool reads it;
 * null when the business is gone.
 */
export async function readAssistantConfig(db: Executor, businessId: string): Promise<AssistantConfig | null> {
  const [business, services, schedule] = await Promise.all([
    findBusiness(db, businessId),
    listActiveServices(db, businessId),
    readWeeklySchedule(db, businessId),
  ]);
  if (!business) return null;
  const { maxWaitTime, ...transfer } = business.callTransfer;
  return {
    companyName: business.name,
    phoneNumber: business.phoneNumber,
    language: isLanguageCode(business.language) ? business.language : DEFAULT_LANGUAGE,
    greeting: business.greeting || null,
    prompt: business.prompt || null,
    timezone: business.timezone,
    ...workingHoursOf(schedule),
    weeklySchedule: schedule,
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      durationMinutes: service.durationMinutes,
      price: moneyFromCents(service.priceCents, business.currency),
      description: service.description,
    })),
    callTransfer: { ...transfer, maxWaitSeconds: maxWaitTime },
    recordCalls: business.recordCalls,
  };
}
