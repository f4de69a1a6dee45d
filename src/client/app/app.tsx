import { I18nProvider } from "@lingui/react";
import { Toaster } from "../components/ui/toaster";
import { SessionContext } from "../features/session/session-context";
import { ApiContext } from "../lib/api-context";
import { i18n } from "../lib/i18n";
import { InspectContext } from "../lib/inspect-context";
import type { AppContext } from "./app-context";
import { AppRoutes } from "./app-routes";

export function App({ context }: { context: AppContext }) {
  return (
    <I18nProvider i18n={i18n}>
      <ApiContext value={context.api}>
        <SessionContext value={context.session}>
          <InspectContext value={context.inspect}>
            <AppRoutes />
            <Toaster />
          </InspectContext>
        </SessionContext>
      </ApiContext>
    </I18nProvider>
  );
}
