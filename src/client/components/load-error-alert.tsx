import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { failureOf } from "../lib/error-wording";
import { FailureText } from "./failure-text";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";

/**
 * Why the load failed: `error`, shown as the catalog's message for what the server said (in the user's
 * language, never the server's English), or `children` when the page knows better than the server's code.
 */
type LoadErrorAlertProps = {
  title: ReactNode;
  onRetry: () => void;
  className?: string;
} & ({ error: unknown; children?: never } | { children: ReactNode; error?: never });

/** A failed load: what failed, why, and a way to try again without losing the page. */
export function LoadErrorAlert({ title, children, error, onRetry, className }: LoadErrorAlertProps) {
  return (
    <Alert title={title} {...(className ? { className } : {})}>
      <p>
        {children ?? (
          <FailureText failure={failureOf(error)} fallback={<Trans>An unexpected error occurred</Trans>} />
        )}
      </p>
      <Button variant="outline" size="sm" className={css({ mt: "3" })} onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}
