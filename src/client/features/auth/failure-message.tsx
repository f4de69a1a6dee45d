import { Plural, Trans } from "@lingui/react/macro";
import type { SessionFailure } from "@machines/session.machine";

function TooManyAttempts({ retryAfter }: { retryAfter: number | undefined }) {
  if (!retryAfter) return <Trans>Too many attempts. Try again later.</Trans>;
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return (
    <Plural
      value={minutes}
      one="Too many attempts. Try again in # minute."
      other="Too many attempts. Try again in # minutes."
    />
  );
}

const throttled = (failure: SessionFailure) => failure.status === 429 || failure.code === "THROTTLED";
// No answer, or the server broke: blaming the password would send the user down the wrong path.
const unreachable = (failure: SessionFailure) => failure.status === undefined || failure.status >= 500;

/** Spec 8: a failed sign-in is 'Invalid email or password', whatever the server said. */
export function SignInFailureMessage({ failure }: { failure: SessionFailure }) {
  if (throttled(failure)) return <TooManyAttempts retryAfter={failure.retryAfter} />;
  if (unreachable(failure)) return <Trans>Something went wrong. Please try again.</Trans>;
  return <Trans>Invalid email or password</Trans>;
}

/** Spec 8: a failed sign-up shows what the server said (translated where the code is known). */
export function SignUpFailureMessage({ failure }: { failure: SessionFailure }) {
  if (throttled(failure)) return <TooManyAttempts retryAfter={failure.retryAfter} />;
  if (failure.code === "EMAIL_TAKEN") return <Trans>An account with this email already exists</Trans>;
  // The server's own words when it answered (VALIDATION and the like); never a transport error's text.
  if (failure.message && !unreachable(failure)) return failure.message;
  return <Trans>Unexpected error</Trans>;
}
