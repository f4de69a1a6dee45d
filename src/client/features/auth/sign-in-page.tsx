import { Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MAX } from "@shared/auth.constants";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { css } from "styled-system/css";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { useSessionActor } from "../session/session-context";
import { AuthCard } from "./auth-card";
import { AuthLink } from "./auth-link";
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
      footer={
        <>
          <span>
            <Trans>New to CallDesk?</Trans>
          </span>
          <AuthLink href="/auth/sign-up">
            <Trans>Create an account</Trans>
          </AuthLink>
        </>
      }
    >
      <form
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        onSubmit={(event) => {
          event.preventDefault();
          if (pending) return;
          session.send({ type: "session.signIn", credentials: { email: email.trim(), password } });
        }}
      >
        {failure ? <Alert title={<SignInFailureMessage failure={failure} />} /> : null}
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
        <Button type="submit" size="lg" disabled={pending} className={css({ w: "full", mt: "2" })}>
          {pending ? <Trans>Signing in...</Trans> : <Trans>Sign In</Trans>}
        </Button>
      </form>
    </AuthCard>
  );
}
