type DriverError = Error & { code?: unknown; constraint?: unknown };

/**
 * PostgreSQL's unique_violation, whichever driver raised it (drizzle wraps driver errors in `cause`); with a
 * constraint name, only a violation of that index counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint: violated } = e as DriverError;
    if (code === "23505") return constraint === undefined || violated === constraint;
  }
  return false;
}

/** PostgreSQL's exclusion_violation (23P01), whichever driver raised it; with a name, only that constraint. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint: violated } = e as DriverError;
    if (code === "23P01") return constraint === undefined || violated === constraint;
  }
  return false;
}
