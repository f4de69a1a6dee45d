import { Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MAX, PASSWORD_MIN } from "@shared/auth.constants";
import { isEmailAddress } from "@shared/email-address";
import { useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { Field } from "../../components/ui/field";
import { useSessionActor } from "../session/session-context";
import { AuthCard } from "./auth-card";
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
  const [invalidEmail, setInvalidEmail] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  return (
    <AuthCard
      title={t`Create your CallDesk account`}
      description={t`Set up access to your organization's admin portal.`}
      failure={failure ? <SignUpFailureMessage failure={failure} /> : null}
      pending={pending}
      submit={pending ? <Trans>Signing up...</Trans> : <Trans>Sign Up</Trans>}
      onSubmit={() => {
        // The browser checked the spec's type="email"; the server's rule is narrower (no `a..b@`, `@-x.com`).
        if (!isEmailAddress(email.trim())) {
          setInvalidEmail(true);
          emailRef.current?.focus();
          return;
        }
        if (password !== confirmation) {
          setMismatch(true);
          confirmationRef.current?.focus();
          return;
        }
        session.send({ type: "session.signUp", credentials: { email: email.trim(), password } });
      }}
      other={{
        question: <Trans>Already have an account?</Trans>,
        href: "/auth/sign-in",
        link: <Trans>Sign in instead</Trans>,
      }}
    >
      <EmailField
        ref={emailRef}
        value={email}
        errorText={invalidEmail ? t`Enter a valid email address.` : undefined}
        onChange={(value) => {
          setEmail(value);
          setInvalidEmail(false);
        }}
      />
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
    </AuthCard>
  );
}
