import type { AppDeps } from "../http/app-env";
import { revokeToken } from "./google-oauth";
import type { TokenCipher } from "./token-cipher";

/**
 * Ending a Google grant, best effort: Google unreachable must not keep our copy, or the user, waiting. Each
 * answers whether Google confirmed the grant is gone; a failure is logged (no token in the log).
 */
export function createGrantRevocation({ logger }: Pick<AppDeps, "logger">, cipher: TokenCipher) {
  const revoke = async (revokeUrl: string, token: string, why: string): Promise<boolean> => {
    try {
      await revokeToken(revokeUrl, token);
      return true;
    } catch (error) {
      logger.warn(`Revoking a Google grant (${why}) failed; it stays until the user removes it`, error);
      return false;
    }
  };
  /** A grant as stored: its refresh token sealed by the token cipher. */
  const revokeStored = async (revokeUrl: string, sealed: string, why: string): Promise<boolean> => {
    let token: string;
    try {
      token = cipher.decrypt(sealed);
    } catch {
      logger.warn(`A stored Google grant (${why}) cannot be read, so it is not revoked`);
      return false;
    }
    return revoke(revokeUrl, token, why);
  };
  return { revoke, revokeStored };
}
