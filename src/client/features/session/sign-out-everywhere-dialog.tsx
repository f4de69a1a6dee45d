import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { toaster } from "../../components/ui/toaster";
import { useApi } from "../../lib/api-context";
import { failureMessage, failureOf } from "../../lib/error-wording";
import { useSessionActor } from "./session-context";

type SignOutEverywhereDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Where focus goes when the question is backed out of (the menu item that opened it is gone). */
  finalFocus: () => HTMLElement | null;
};

/**
 * "Sign out everywhere", confirmed: every session of the user ends on the server, this one included (their
 * access tokens are refused from the next request on), then this tab goes to the sign-in page as a sign-out
 * does. A failure ends nothing, and says so: the session goes on.
 */
export function SignOutEverywhereDialog({ open, onClose, finalFocus }: SignOutEverywhereDialogProps) {
  const { t } = useLingui();
  const api = useApi();
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const signOut = useMutation({
    mutationFn: () => api.post("/auth/sign-out-everywhere", "none"),
    onSuccess: () => {
      toaster.success({ title: t`Signed out on every device` });
      // Going to the sign-in page first, as a sign-out does, remembers no page to come back to.
      navigate("/auth/sign-in", { replace: true });
      session.send({ type: "session.expired" });
    },
    onError: (error) => {
      const reason = failureMessage(failureOf(error) ?? {});
      toaster.error({
        title: t`Could not sign out everywhere; your sessions go on. Try again.`,
        description: reason ? t(reason) : undefined,
      });
    },
  });
  return (
    <ConfirmDialog
      target={open ? true : null}
      title={() => t`Sign out everywhere?`}
      description={t`This ends your sessions on every device and browser, this one included. You will need to sign in again on each.`}
      confirmLabel={<Trans>Sign out everywhere</Trans>}
      pendingLabel={<Trans>Signing out…</Trans>}
      pending={signOut.isPending}
      onCancel={onClose}
      onConfirm={() => signOut.mutate()}
      finalFocus={finalFocus}
    />
  );
}
