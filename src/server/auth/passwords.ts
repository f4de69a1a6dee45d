import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1); argon2id is the library's default algorithm.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Computed at start-up, so the first unknown-email sign-in is not slower than the rest.
const dummyHash = hashPassword("no account has this password");

/**
 * Spends the time of a real verification when the email is unknown, so response time does not tell
 * which accounts exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}
