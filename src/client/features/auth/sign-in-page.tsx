import { Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MAX } from "@shared/auth.constants";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { Field } from "../../components/ui/field";
import { useSessionActor } from "../session/session-context";
import { AuthCard } from "./auth-card";
import { EmailField } from "./email-field";
import { SignInFailureMessage, useSessionFailure } from "./session-failure";

export function SignInPage() {
  const { t } = useLingui();
  const session = useSessionActor();
  const pending = useSelector(session, (snapshot) => snapshot.matches("signingIn"));
  const failure = useSessionFailure();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  return (
    <AuthCard
      title={t`Sign in to CallDesk`}
      description={t`Welcome back. Enter your email and password to continue.`}
      failure={failure ? <SignInFailureMessage failure={failure} /> : null}
      pending={pending}
      submit={pending ? <Trans>Signing in...</Trans> : <Trans>Sign In</Trans>}
      onSubmit={() =>
        session.send({ type: "session.signIn", credentials: { email: email.trim(), password } })
      }
      other={{
        question: <Trans>New to CallDesk?</Trans>,
        href: "/auth/sign-up",
        link: <Trans>Create an account</Trans>,
      }}
    >
      <EmailField value={email} onChange={setEmail} />
      <Field
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
    </AuthCard>
  );
}
