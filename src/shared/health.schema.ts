import { type } from "arktype";

/** GET /api/health */
export const healthStatus = type({ status: "'ok'" });
export type HealthStatus = typeof healthStatus.infer;
