import type { PASSWORD_MAX as SharedMax, PASSWORD_MIN as SharedMin } from "@shared/auth.schema";

// Importing these values from the schema module would also run its arktype validators, pulling
// ~40 KB gzip into the sign-in entry chunk. The literal types tie the copies to the shared
// constants, so tsc fails the day they drift apart.
export const PASSWORD_MIN: typeof SharedMin = 8;
export const PASSWORD_MAX: typeof SharedMax = 128;
