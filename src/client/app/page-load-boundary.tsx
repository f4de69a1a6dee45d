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

/** A fresh boundary per address: moving to another page leaves an earlier failure behind. */
export function PageLoadBoundary({ children }: BoundaryProps) {
  const [location] = useLocation();
  return (
    <Boundary key={location} title={<Trans>This page could not be shown</Trans>} className={css({ m: "6" })}>
      {children}
    </Boundary>
  );
}
