import { Trans } from "@lingui/react/macro";
import { Component, type ReactNode } from "react";
import { css } from "styled-system/css";
import { useLocation } from "wouter";
import { LoadErrorAlert } from "../components/load-error-alert";

type BoundaryProps = { children: ReactNode };

/**
 * Catches a page that failed to render, most often because its code could not be fetched
 * (offline, or a server that was down or has since been updated): the browser keeps a failed import failed, so
 * reloading is the way to try again.
 */
class Boundary extends Component<
  BoundaryProps & { title: ReactNode; className: string },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <LoadErrorAlert
        title={this.props.title}
        className={this.props.className}
        onRetry={() => window.location.reload()}
      >
        <Trans>Part of the app did not load. Check your connection, then try again.</Trans>
      </LoadErrorAlert>
    );
  }
}

/** The signed-in area's own code: a failure there stays until a reload, wherever the user goes. */
export function AreaLoadBoundary({ children }: BoundaryProps) {
  return (
    <Boundary title={<Trans>This page could not be shown</Trans>} className={css({ m: "6" })}>
      {children}
    </Boundary>
  );
}

/**
 * A fresh boundary per address: moving to another page leaves an earlier failure behind. It sits inside the
 * pages' Suspense, not around it: a Suspense mounted afresh with each address would show its skeleton on every
 * move, where the one kept lets the page shown stay until the next can render (see ShownLocation).
 */
export function PageLoadBoundary({ children }: BoundaryProps) {
  const [location] = useLocation();
  return (
    <Boundary key={location} title={<Trans>This page could not be shown</Trans>} className={css({ m: "6" })}>
      {children}
    </Boundary>
  );
}
