import type { Clock } from "../clock";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import type { WebhookConnection } from "../integrations/assistant-connections.repo";
import type { Logger } from "../logger";

/** What every router and middleware is built from; passed in, never imported as a singleton. */
export type AppDeps = { config: AppConfig; db: Database; clock: Clock; logger: Logger };

/** A staff member of a business: every tenant query is scoped by `businessId`. */
export type StaffMember = { userId: string; businessId: string };

/**
 * The verified caller of an authenticated route: a staff member in one of their sessions (`sessionId`, the
 * refresh token family of that sign-in), which must still be live for the request to be admitted.
 */
export type AuthContext = StaffMember & { sessionId: string };

/** The verified caller of an assistant route: the key, its tenant, and the tenant's timezone (for times without an offset). */
export type AssistantContext = { keyId: string; businessId: string; timezone: string };

/**
 * An assistant key presumed active (remembered from an earlier lookup) and not yet confirmed: the route's own
 * statement must confirm it before anything is stored (see createPresumeAssistantKey).
 */
export type AssistantClaim = AssistantContext & { keyHash: string };

/** The connection a voice platform's webhook names, found before its body is read (webhook-connection.ts). */
export type WebhookContext = { connectionId: string; connection: WebhookConnection };

export type AppEnv = {
  Variables: {
    auth: AuthContext;
    assistant: AssistantContext;
    assistantClaim: AssistantClaim;
    webhook: WebhookContext;
  };
};
