import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { useSessionActor } from "../features/session/session-context";
import { rememberReturnTo, takeReturnTo } from "../lib/return-to";
import { PageSkeleton } from "./page-skeleton";

/**
 * Protected area (spec 2): skeleton while checking, then sign-in (replacing history) if nobody is signed in.
 * A sign-out is loading too (spec 4): the page comes back if the server could not end the session. Only a
 * visitor who asked for this page without a session has it remembered: someone signing out is leaving it, and
 * whoever signs in next on this tab starts at the dashboard.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const status = useSelector(useSessionActor(), (s) =>
    s.matches("signedIn")
      ? "in"
      : s.matches("checking") || s.matches("signingOut")
        ? "settling"
        : s.matches({ signedOut: "left" })
          ? "left"
          : "out",
  );
  if (status === "settling") return <PageSkeleton />;
  if (status === "left") return <Redirect to="/auth/sign-in" replace />;
  if (status === "out") {
    rememberReturnTo(search ? `${location}?${search}` : location);
    return <Redirect to="/auth/sign-in" replace />;
  }
  return children;
}

/**
 * Auth pages: a signed-in user goes where they were headed, else to /dashboard. While the session is
 * checked or a sign-out is still settling, `skeleton` (the form's outline, inside the auth layout) rather than
 * the signed-in shell's: a form shown then would take a sign-in the session cannot start yet.
 */
export function GuestOnly({ children, skeleton }: { children: ReactNode; skeleton: ReactNode }) {
  const status = useSelector(useSessionActor(), (s) =>
    s.matches("signedIn") ? "in" : s.matches("checking") || s.matches("signingOut") ? "settling" : "out",
  );
  if (status === "settling") return skeleton;
  if (status === "in") return <Redirect to={takeReturnTo("/dashboard")} replace />;
  return children;
}
