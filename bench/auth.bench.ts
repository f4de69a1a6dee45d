// Session endpoints at 10 connections: refresh (a rotation per request) and an authenticated GET.
import type { ServerProcess } from "../tests/support/server-process";
import { refreshCookieOf, signUp } from "./http-session";
import { loadFetch, runLoad } from "./load";
import { type Figure, loadFigures } from "./report";

export async function authBench({ baseURL }: ServerProcess): Promise<Figure[]> {
  const stamp = Date.now();
  const sessions = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      signUp(baseURL, `bench-${i}-${stamp}@example.com`, "bench password 1"),
    ),
  );
  const refresh = await runLoad(async (worker) => {
    const session = sessions[worker]!;
    const response = await loadFetch(`${baseURL}/api/auth/refresh`, {
      method: "POST",
      headers: { Cookie: session.cookie, Origin: baseURL },
    });
    await response.arrayBuffer();
    session.cookie = refreshCookieOf(response) ?? session.cookie;
    session.authorization = response.headers.get("Authorization") ?? session.authorization;
    return response.ok;
  });
  const me = await runLoad(async (worker) => {
    const response = await loadFetch(`${baseURL}/api/auth/me`, {
      headers: { Authorization: sessions[worker]!.authorization },
    });
    await response.arrayBuffer();
    return response.ok;
  });
  return [
    ...loadFigures("POST /api/auth/refresh @10 conns", refresh),
    ...loadFigures("GET /api/auth/me @10 conns", me),
  ];
}
