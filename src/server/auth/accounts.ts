import type { SessionUser } from "@shared/auth.schema";
import { defaultWeeklySchedule } from "@shared/weekly-schedule";
import { recordAudit } from "../audit/audit.repo";
import { replaceWeeklySchedule } from "../availability/weekly-hours.repo";
import { insertBusiness } from "../company/businesses.repo";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { Refusal } from "../refusal";
import { hashPassword } from "./passwords";
import { findUserByEmail, insertUser } from "./users.repo";

const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "yahoo.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "mail.com",
  "wp.pl",
  "o2.pl",
  "orange.fr",
]);

const emailTaken = () => new Refusal("EMAIL_TAKEN", "An account with this email already exists");

/** The name of a business whose e-mail's domain says nothing of it (a public mail service). */
const UNNAMED_BUSINESS = "My business";

/**
 * A first guess at the company name, edited later in settings: "bright-smile.com" → "Bright Smile". Never
 * empty (a label of hyphens alone names nothing): an empty name could not be typed to confirm its deletion.
 */
export function businessNameFromEmail(email: string): string {
  const domain = email.split("@")[1] ?? "";
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return UNNAMED_BUSINESS;
  const name = (domain.split(".")[0] ?? "")
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
  return name || UNNAMED_BUSINESS;
}

/** Sign-up: a new tenant with the spec's company defaults and its first user, atomically, and its audit entry. */
export async function createAccount(
  db: Database,
  email: string,
  password: string,
  now: Date,
): Promise<SessionUser> {
  if (await findUserByEmail(db, email)) throw emailTaken();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const business = await insertBusiness(tx, { name: businessNameFromEmail(email) });
      await replaceWeeklySchedule(tx, business.id, defaultWeeklySchedule());
      const user = await insertUser(tx, business.id, { email, passwordHash });
      await recordAudit(tx, {
        businessId: business.id,
        actor: { userId: user.id },
        at: now,
        action: "account.signed_up",
        details: {},
      });
      return { id: user.id, email: user.email, businessId: business.id, businessName: business.name };
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, the loser rolls back whole.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
