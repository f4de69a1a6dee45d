import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";

/** A failed load: what failed, why, and a way to try again without losing the page. */
export function LoadErrorAlert({
  title,
  children,
  onRetry,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert title={title} {...(className ? { className } : {})}>
      <p>{children}</p>
      <Button variant="outline" size="sm" className={css({ mt: "3" })} onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}
