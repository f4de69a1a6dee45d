import { Trans } from "@lingui/react/macro";
import { useSessionActor } from "../session/session-context";

export function SignInPage() {
  const session = useSessionActor();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        session.send({
          type: "session.signIn",
          credentials: { email: String(data.get("email")), password: String(data.get("password")) },
        });
      }}
    >
      <input name="email" type="email" aria-label="Email" />
      <input name="password" type="password" aria-label="Password" />
      <button type="submit">
        <Trans>Sign In</Trans>
      </button>
    </form>
  );
}
