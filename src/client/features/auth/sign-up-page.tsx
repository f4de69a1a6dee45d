import { Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MAX, PASSWORD_MIN } from "@shared/auth.constants";
import { useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { css } from "styled-system/css";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { useSessionActor } from "../session/session-context";
import { AuthCard } from "./auth-card";
import { AuthLink } from "./auth-link";
import { EmailField } from "./email-field";
import { SignUpFailureMessage, useSessionFailure } from "./session-failure";

export function SignUpPage() {
  const { t } = useLingui();
  const session = useSessionActor();
  const pending = useSelector(session, (snapshot) => snapshot.matches("signingUp"));
  const failure = useSessionFailure();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const confirmationRef = useRef<HTMLInputElement>(null);

  return (
    <AuthCard
      title={t`Create your CallDesk account`}
      description={t`Set up access to your organization's admin portal.`}
      footer={
        <>
          <span>
            <Trans>Already have an account?</Trans>
          </span>
          <AuthLink href="/auth/sign-in">
            <Trans>Sign in instead</Trans>
          </AuthLink>
        </>
      }
    >
      <form
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        onSubmit={(event) => {
          event.preventDefault();
          if (pending) return;
          if (password !== confirmation) {
            setMismatch(true);
            confirmationRef.current?.focus();
            return;
          }
          session.send({ type: "session.signUp", credentials: { email: email.trim(), password } });
        }}
      >
        {failure ? <Alert title={<SignUpFailureMessage failure={failure} />} /> : null}
        <EmailField value={email} onChange={setEmail} />
        <Field
          label={t`Password`}
          helperText={t`At least ${PASSWORD_MIN} characters.`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMismatch(false);
          }}
        />
        <Field
          ref={confirmationRef}
          label={t`Confirm password`}
          errorText={mismatch ? t`Passwords mismatch` : undefined}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setMismatch(false);
          }}
        />
        <Button type="submit" size="lg" disabled={pending} className={css({ w: "full", mt: "2" })}>
          {pending ? <Trans>Signing up...</Trans> : <Trans>Sign Up</Trans>}
        </Button>
      </form>
    </AuthCard>
  );
}
