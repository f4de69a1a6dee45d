import { Trans } from "@lingui/react/macro";
import { Redirect, Route, Switch } from "wouter";

/** The shell and its routed pages (spec 2): /, the six sections, and unknown paths → /dashboard. */
export default function ProtectedArea() {
  return (
    <Switch>
      <Route path="/dashboard">
        <h1>
          <Trans id="nav.dashboard">Dashboard</Trans>
        </h1>
      </Route>
      <Route>
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}
