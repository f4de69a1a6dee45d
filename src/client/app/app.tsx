import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "../components/ui/toaster";
import { SessionContext } from "../features/session/session-context";
import { ActorInspectionContext } from "../lib/actor-inspection";
import { ApiContext } from "../lib/api-context";
import { i18n } from "../lib/i18n";
import type { AppContext } from "./app-context";
import { AppRoutes } from "./app-routes";

export function App({ context }: { context: AppContext }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={context.queryClient}>
        <ApiContext value={context.api}>
          <SessionContext value={context.session}>
            <ActorInspectionContext value={context.inspect}>
              <AppRoutes />
              <Toaster />
            </ActorInspectionContext>
          </SessionContext>
        </ApiContext>
      </QueryClientProvider>
    </I18nProvider>
  );
}
