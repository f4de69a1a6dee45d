import { Trans } from "@lingui/react/macro";

export function SignUpPage() {
  return (
    <h1>
      <Trans>Sign Up</Trans>
    </h1>
  );
}
