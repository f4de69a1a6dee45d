import { createHash } from "node:crypto";
import {
  CALENDAR_CHANNEL,
  CALENDAR_CONNECTED,
  type CalendarConnectedMessage,
  type CalendarPermission,
  type CalendarRefusal,
} from "@shared/calendar.schema";
import type { Context } from "hono";

/*
 * The page Google's redirect opens in the popup: it tells the portal how the connect went (spec 7) and
 * closes itself. The script is fixed text, allowed by its hash; what it posts comes from a JSON data block
 * beside it, which the browser never runs.
 */

const SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById("result").textContent);
  const message = data.message;
  try {
    if (window.opener) window.opener.postMessage(message, data.origin);
  } catch {}
  try {
    const channel = new BroadcastChannel(data.channel);
    channel.postMessage(message);
    channel.close();
  } catch {}
  window.close();
})();`;

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;text-align:center;color:#18181b;background:#fff}" +
  "@media (prefers-color-scheme:dark){body{color:#fafafa;background:#18181b}}";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** Nothing but the page's own script and style: no other source, no frame, no form, no base. */
const CSP = [
  "default-src 'none'",
  `script-src ${hashOf(SCRIPT)}`,
  `style-src ${hashOf(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** How the callback ended: connected, or refused with spec 7's English `error` and why (calendar.routes.ts). */
export type CallbackOutcome =
  | { success: true }
  | { success: false; error: string; reason: CalendarRefusal; missing?: CalendarPermission[] };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** JSON inside <script>: no "<" at all, so no "</script>" or "<!--" can close or bend the block. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The callback's answer: the message for the portal at `portalOrigin` (window.opener, and the
 * BroadcastChannel for when Google's pages cut the opener), and the same news as text should the window
 * stay open. Its opener policy is unsafe-none: this page follows Google's in the popup, and any other policy
 * would put it in a new browsing context group, away from the portal's window.
 */
export function callbackPage(c: Context, outcome: CallbackOutcome, portalOrigin: string) {
  const message: CalendarConnectedMessage = outcome.success
    ? { type: CALENDAR_CONNECTED, success: true, error: null }
    : { type: CALENDAR_CONNECTED, ...outcome };
  const data = { message, origin: portalOrigin, channel: CALENDAR_CHANNEL };
  const text = outcome.success
    ? "Google Calendar is connected. You can close this window."
    : `Google Calendar was not connected (${outcome.error}). You can close this window and try again from Settings.`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Google Calendar</title>
<style>${STYLE}</style>
</head>
<body>
<main><p role="status">${escapeHtml(text)}</p></main>
<script type="application/json" id="result">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return c.html(html, 200, {
    "Content-Security-Policy": CSP,
    "Cross-Origin-Opener-Policy": "unsafe-none",
    // The address holds the code and state: no request from this page may carry it away.
    "Referrer-Policy": "no-referrer",
  });
}
