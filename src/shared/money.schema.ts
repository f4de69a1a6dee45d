import { type } from "arktype";

/**
 * An amount of money as the assistant-facing API states it: a decimal number in the currency's
 * major units (120.5 = one hundred twenty dollars fifty), beside its ISO 4217 code, so no reader has
 * to guess whether a bare number means dollars or cents, nor which currency.
 */
export const money = type({
  amount: "number >= 0",
  currency: /^[A-Z]{3}$/,
});
export type Money = typeof money.infer;

/** Cents (how prices are stored: integers, exact) to the API's amount in major units. */
export const moneyFromCents = (cents: number, currency: string): Money => ({ amount: cents / 100, currency });
