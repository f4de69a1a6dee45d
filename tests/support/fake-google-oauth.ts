import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fakeHttpServer } from "./fake-http-server";

/*
 * A fake of Google's OAuth 2.0 server on 127.0.0.1, at Google's paths (GOOGLE_OAUTH_BASE_URL points the
 * server here): the consent page (/o/oauth2/v2/auth) answers at once with the redirect to the callback as the
 * user decided (consent, cancel, some permissions unticked), the token endpoint (/token) exchanges codes with
 * PKCE and client authentication and refreshes tokens, and /revoke ends grants. No test reaches Google.
 */

/** What the user does on the consent screen: allow (all, or only `grant` of the scopes asked), or cancel. */
export type ConsentDecision = { email?: string; deny?: boolean; grant?: string[] };

type Grant = {
  email: string;
  sub: string;
  scopes: string[];
  refreshToken: string;
  accessTokens: string[];
  revoked: boolean;
};

type PendingCode = {
  grant: Grant;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
};

const DEFAULT_CLIENT_ID = "1234-fake.apps.googleusercontent.com";
const DEFAULT_CLIENT_SECRET = "GOCSPX-fake-secret";
export const FAKE_GOOGLE_EMAIL = "owner@example.com";
const ID_TOKEN_ISSUER = "https://accounts.google.com";

/** Google names the `email` scope by its URL in what it grants. */
const GRANTED_NAME: Record<string, string> = { email: "https://www.googleapis.com/auth/userinfo.email" };

const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export type FakeGoogleOAuth = Awaited<ReturnType<typeof startFakeGoogleOAuth>>;

export async function startFakeGoogleOAuth(options: { accessTokenSeconds?: number } = {}) {
  const clientId = DEFAULT_CLIENT_ID;
  const clientSecret = DEFAULT_CLIENT_SECRET;
  let accessTokenSeconds = options.accessTokenSeconds ?? 3599;
  let decision: ConsentDecision = {};
  let unavailable = false;
  const codes = new Map<string, PendingCode>();
  const grants: Grant[] = [];
  const tokenRequests: Record<string, string>[] = [];
  const revocations: string[] = [];

  /** An ID token as Google's looks: signed in Google's case; here well-formed with an empty signature. */
  const idToken = (grant: Grant) => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: ID_TOKEN_ISSUER,
      azp: clientId,
      aud: clientId,
      sub: grant.sub,
      ...(grant.scopes.includes("email") && { email: grant.email, email_verified: true }),
      iat: now,
      exp: now + 3600,
    };
    return `${b64url({ alg: "RS256", kid: "fake", typ: "JWT" })}.${b64url(claims)}.`;
  };

  const grantedScope = (grant: Grant) => grant.scopes.map((s) => GRANTED_NAME[s] ?? s).join(" ");

  const newAccessToken = (grant: Grant) => {
    const access = token("ya29.");
    grant.accessTokens.push(access);
    return access;
  };

  type Answer = { status: number; body: unknown; headers?: Record<string, string> };
  const oauthError = (status: number, error: string, description: string): Answer => ({
    status,
    body: { error, error_description: description },
  });

  const consentPage = (url: URL): Answer => {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== clientId)
      return oauthError(401, "invalid_client", "The OAuth client was not found.");
    if (!/^https?:\/\//.test(redirectUri))
      return oauthError(400, "redirect_uri_mismatch", "Bad redirect_uri");
    if (q.get("response_type") !== "code") return oauthError(400, "unsupported_response_type", "code only");
    const challenge = q.get("code_challenge") ?? "";
    if (q.get("code_challenge_method") !== "S256" || !/^[\w-]{43,128}$/.test(challenge)) {
      return oauthError(400, "invalid_request", "code_challenge_method must be S256 with a code_challenge");
    }
    const back = new URL(redirectUri);
    const state = q.get("state");
    if (state !== null) back.searchParams.set("state", state);
    if (decision.deny) {
      back.searchParams.set("error", "access_denied");
      return { status: 302, body: null, headers: { location: back.href } };
    }
    const asked = (q.get("scope") ?? "").split(" ").filter(Boolean);
    // Sign-In scopes cannot be unticked; the others only when the user leaves them out.
    const scopes = asked.filter(
      (s) => ["openid", "email", "profile"].includes(s) || !decision.grant || decision.grant.includes(s),
    );
    const email = decision.email ?? FAKE_GOOGLE_EMAIL;
    const grant: Grant = {
      email,
      sub: createHash("sha256").update(email).digest("hex").slice(0, 21),
      scopes,
      refreshToken: token("1//0g"),
      accessTokens: [],
      revoked: false,
    };
    const code = token("4/0A");
    codes.set(code, { grant, clientId, redirectUri, codeChallenge: challenge });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", grantedScope(grant));
    back.searchParams.set("authuser", "0");
    back.searchParams.set("prompt", "consent");
    return { status: 302, body: null, headers: { location: back.href } };
  };

  const clientAuthenticated = (req: IncomingMessage, form: URLSearchParams) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, "base64").toString().split(":")
      : [form.get("client_id"), form.get("client_secret")];
    return id === clientId && secret === clientSecret;
  };

  const tokenEndpoint = (req: IncomingMessage, form: URLSearchParams): Answer => {
    tokenRequests.push(Object.fromEntries(form));
    if (!clientAuthenticated(req, form)) return oauthError(401, "invalid_client", "Unauthorized");
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code") ?? "";
      const pending = codes.get(code);
      // A code is good once: Google refuses it the second time.
      codes.delete(code);
      if (!pending) return oauthError(400, "invalid_grant", "Malformed auth code.");
      if (form.get("redirect_uri") !== pending.redirectUri) {
        return oauthError(400, "redirect_uri_mismatch", "Bad Request");
      }
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (challenge !== pending.codeChallenge)
        return oauthError(400, "invalid_grant", "Invalid code verifier.");
      const { grant } = pending;
      grants.push(grant);
      return {
        status: 200,
        body: {
          access_token: newAccessToken(grant),
          expires_in: accessTokenSeconds,
          refresh_token: grant.refreshToken,
          scope: grantedScope(grant),
          token_type: "Bearer",
          id_token: idToken(grant),
        },
      };
    }
    if (grantType === "refresh_token") {
      const grant = grants.find((g) => g.refreshToken === form.get("refresh_token"));
      if (!grant || grant.revoked)
        return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
      return {
        status: 200,
        body: {
          access_token: newAccessToken(grant),
          expires_in: accessTokenSeconds,
          scope: grantedScope(grant),
          token_type: "Bearer",
          id_token: idToken(grant),
        },
      };
    }
    return oauthError(400, "unsupported_grant_type", "Invalid grant_type");
  };

  const revokeEndpoint = (form: URLSearchParams): Answer => {
    const revoked = form.get("token") ?? "";
    revocations.push(revoked);
    const grant = grants.find((g) => g.refreshToken === revoked || g.accessTokens.includes(revoked));
    if (!grant || grant.revoked) return oauthError(400, "invalid_token", "Token expired or revoked");
    grant.revoked = true;
    return { status: 200, body: {} };
  };

  const readForm = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString());
  };

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, {
      ...(answer.body !== null && { "content-type": "application/json; charset=utf-8" }),
      ...answer.headers,
    });
    res.end(answer.body === null ? undefined : JSON.stringify(answer.body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return send(res, consentPage(url));
    if (unavailable) return send(res, { status: 503, body: { error: "backend_error" } });
    if (req.method === "POST" && url.pathname === "/token")
      return send(res, tokenEndpoint(req, await readForm(req)));
    if (req.method === "POST" && url.pathname === "/revoke")
      return send(res, revokeEndpoint(await readForm(req)));
    send(res, { status: 404, body: { error: "not_found" } });
  };

  const http = fakeHttpServer(handle);
  const url = `http://127.0.0.1:${await http.listen()}`;

  return {
    url,
    clientId,
    clientSecret,
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_OAUTH_BASE_URL: url },
    /** Grants made by code exchanges, oldest first (tokens in the clear, as Google holds them). */
    grants,
    /** Every form posted to /token. */
    tokenRequests,
    /** Every token posted to /revoke. */
    revocations,
    /** How the user answers the next consent screens (until told otherwise). */
    decide(next: ConsentDecision) {
      decision = next;
    },
    /** Opens the authorization URL as the popup would and answers where Google sends the popup back. */
    async authorize(authUrl: string, next?: ConsentDecision): Promise<string> {
      if (next) decision = next;
      const response = await fetch(authUrl, { redirect: "manual" });
      const location = response.headers.get("location");
      if (response.status !== 302 || !location) {
        throw new Error(`Fake Google refused the authorization: ${response.status} ${await response.text()}`);
      }
      return location;
    },
    /** The user removes the app's access in their Google account: the grant's tokens stop working. */
    revokeAccess(email = FAKE_GOOGLE_EMAIL) {
      for (const grant of grants) if (grant.email === email) grant.revoked = true;
    },
    /** Lifetime of the access tokens issued from now on. */
    setAccessTokenSeconds(seconds: number) {
      accessTokenSeconds = seconds;
    },
    /** Google's token and revocation endpoints answer 503 while on. */
    outage(on: boolean) {
      unavailable = on;
    },
    async close() {
      await http.stop();
    },
  };
}
