// Staff sessions and assistant keys over plain HTTP, as the benchmarks drive the real server.

export type StaffSession = { cookie: string; authorization: string };

const REFRESH_COOKIE = "calldesk_refresh";

export const refreshCookieOf = (response: { headers: { getSetCookie(): string[] } }) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith(`${REFRESH_COOKIE}=`));

async function session(response: Response, what: string): Promise<StaffSession> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return { cookie: refreshCookieOf(response)!, authorization: response.headers.get("Authorization")! };
}

const post = (baseURL: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL, ...headers },
    body: JSON.stringify(body),
  });

export const signUp = async (baseURL: string, email: string, password: string) =>
  session(await post(baseURL, "/api/auth/sign-up", { email, password }), "sign-up");

export const signIn = async (baseURL: string, email: string, password: string) =>
  session(await post(baseURL, "/api/auth/sign-in", { email, password }), "sign-in");

/** A new assistant API key of the session's business (shown once by the server). */
export async function createAssistantKey(baseURL: string, staff: StaffSession): Promise<string> {
  const response = await post(
    baseURL,
    "/api/assistant/keys",
    { name: "Benchmark" },
    {
      Authorization: staff.authorization,
    },
  );
  if (!response.ok) throw new Error(`key creation failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { key: string } }).data.key;
}

/** GET with the staff token; the envelope's data. */
export async function getData<T>(baseURL: string, path: string, staff: StaffSession): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, { headers: { Authorization: staff.authorization } });
  if (!response.ok) throw new Error(`GET ${path} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A voice platform's connection of the session's business (Settings → Voice assistant): its id and the secret
 * the platform signs with (Vapi's made by the server, Retell's the API key given here).
 */
export async function createPlatformConnection(
  baseURL: string,
  staff: StaffSession,
  platform: "vapi" | "retell",
): Promise<{ id: string; secret: string }> {
  const apiKey = "key_benchmark_retell_webhooks";
  const response = await post(
    baseURL,
    "/api/assistant-connections",
    platform === "vapi" ? { provider: "vapi" } : { provider: "retell", apiKey },
    { Authorization: staff.authorization },
  );
  if (!response.ok) throw new Error(`connection failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { _id: string; secret: string | null } };
  return { id: data._id, secret: data.secret ?? apiKey };
}
