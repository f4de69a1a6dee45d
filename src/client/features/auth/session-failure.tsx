import { Trans } from "@lingui/react/macro";
import type { FailureFacts } from "@machines/failure";
import { useSelector } from "@xstate/react";
import { useLayoutEffect } from "react";
import { FailureText } from "../../components/failure-text";
import { failureMessage, isThrottled } from "../../lib/error-wording";
import { useSessionActor } from "../session/session-context";

/** The last failed sign-in or sign-up, cleared when the page that showed it goes away (back button too). */
export function useSessionFailure() {
  const session = useSessionActor();
  useLayoutEffect(() => () => session.send({ type: "session.dismissFailure" }), [session]);
  return useSelector(session, (snapshot) => snapshot.context.failure);
}

// No answer, or the server broke: blaming the password would send the user down the wrong path.
const unreachable = (failure: FailureFacts) => failure.status === undefined || failure.status >= 500;

const generic = <Trans>Something went wrong. Please try again.</Trans>;

/** Spec 8: a failed sign-in is 'Invalid email or password', whatever the server said. */
export function SignInFailureMessage({ failure }: { failure: FailureFacts }) {
  if (isThrottled(failure)) return <FailureText failure={failure} fallback={generic} />;
  if (unreachable(failure)) return generic;
  return <Trans>Invalid email or password</Trans>;
}

/**
 * Spec 8's order for a failed sign-up, in the user's language: the catalog's message for what the server
 * said (its code, and the field at fault), else the generic message, else 'Unexpected error'.
 */
export function SignUpFailureMessage({ failure }: { failure: FailureFacts }) {
  if (isThrottled(failure) || failureMessage(failure))
    return <FailureText failure={failure} fallback={generic} />;
  if (failure.status !== undefined || failure.message) return generic;
  return <Trans>Unexpected error</Trans>;
}
