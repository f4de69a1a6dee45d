declare global {
  interface Window {
    /** The session check index.html starts while the page is parsed, before any of the app's code arrives. */
    calldeskStartupRefresh?: Promise<Response>;
  }
}

const REFRESH_URL = "/api/auth/refresh";

/**
 * `fetch` for the API client that answers the app's first refresh with the one index.html already started,
 * so the session is known a network round trip sooner. Later refreshes go out as usual: a refresh token is
 * spent by its use, so the early answer serves exactly once.
 */
export function fetchWithStartupRefresh(startup = window.calldeskStartupRefresh): typeof fetch {
  let early = startup;
  return (input, init) => {
    const isRefresh = input === REFRESH_URL && init?.method === "POST";
    if (!early || !isRefresh) return fetch(input, init);
    const answer = early;
    early = undefined;
    return answer;
  };
}
