import { DEFAULT_CALL_TRANSFER } from "./company-defaults";

/** The limits of a company save (in a module without arktype, so a form can show them before loading it). */
export const COMPANY_LIMITS = {
  nameMax: 200,
  promptMax: 4000,
  greetingMax: 1000,
  transferMessageMax: 500,
  departmentsMax: 20,
  departmentKeyMax: 60,
  phoneNumberMax: 40,
  maxWaitTimeMax: 3600,
} as const;

/**
 * Spec 5: the max wait time as typed, in seconds; whatever is not a whole number falls back to 300. A negative
 * or too large number is a number: it is kept, for the range rule to refuse with its message.
 */
export function maxWaitTimeOf(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : DEFAULT_CALL_TRANSFER.maxWaitTime;
}

/** Spec 4: ticking a working day adds it, unticking removes it; the list stays sorted (0 = Sunday … 6). */
export function toggleWorkingDay(days: readonly number[], day: number): number[] {
  return days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b);
}
