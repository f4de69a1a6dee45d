import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ConfirmDialog } from "./confirm-dialog";

/** The in-app link a click (or Enter) on `target` would follow, if any. */
function inAppHref(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return null;
  const href = `${url.pathname}${url.search}${url.hash}`;
  return href === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : href;
}

/**
 * While `when` holds, leaving loses edits: a reload or closing the tab gets the browser's own question, a link
 * inside the portal (the sidebar, say) asks first. The link is caught before the router sees the click.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const intercept = (event: MouseEvent) => {
      const href = inAppHref(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(href);
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("click", intercept, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", intercept, true);
    };
  }, [when]);

  return (
    <ConfirmDialog<string>
      target={pending}
      title={() => t`Leave without saving?`}
      description={t`Your unsaved changes will be lost.`}
      confirmLabel={<Trans>Leave</Trans>}
      pendingLabel={<Trans>Leave</Trans>}
      pending={false}
      onCancel={() => setPending(null)}
      onConfirm={(href) => {
        setPending(null);
        navigate(href);
      }}
    />
  );
}
