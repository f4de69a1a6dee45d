import type { CalendarConnect, CalendarStatus } from "@shared/calendar.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

export const calendarStatusExample: CalendarStatus = {
  configured: true,
  connected: true,
  email: "owner@example.com",
  connectedAt: "2026-03-02T14:05:00.000Z",
  brokenAt: null,
  brokenReason: null,
  lastCheckedAt: "2026-03-02T14:06:00.000Z",
};

export const calendarConnectExample: CalendarConnect = {
  authUrl:
    "https://accounts.google.com/o/oauth2/v2/auth?client_id=1234-abc.apps.googleusercontent.com" +
    "&redirect_uri=https%3A%2F%2Fportal.example.com%2Fapi%2Fcalendar%2Fcallback&response_type=code" +
    "&scope=openid+email+https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.events.owned" +
    "+https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.freebusy&state=k3J9dQ2vXn8LpR4sT6wYzA" +
    "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256" +
    "&access_type=offline&prompt=consent&include_granted_scopes=true",
};
