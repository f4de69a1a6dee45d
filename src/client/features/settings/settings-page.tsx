import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { PartLoadBoundary } from "../../app/page-load-boundary";
import { PageHeader } from "../../components/ui/page-header";
import { useApi } from "../../lib/api-context";
import { companyQuery } from "../../lib/company-queries";
import { preloadable } from "../../lib/preloadable";
import { useCodeAfterPaint } from "../../lib/use-code-after-paint";
import { useDeferredArrival } from "../../lib/use-deferred-arrival";
import { CompanySettings } from "./company-settings";

const SettingsMoreCards = preloadable(() => import("./settings-more-cards"));

/** Composed from features, one card (or card group) each; calendar and data protection come next. */
export function SettingsPage() {
  const { t } = useLingui();
  // The cards below the company form (and their own requests) come once the form has painted: the screen's
  // first content does not share the link with them. A failure shows in their place, the form staying as typed.
  const company = useQuery(companyQuery(useApi()));
  const formShown = useDeferredArrival(company.data) !== undefined || company.isError;
  const cardsCode = useCodeAfterPaint(SettingsMoreCards, formShown);
  return (
    <>
      <PageHeader
        title={t({ id: "nav.settings", message: "Settings" })}
        description={t`Company information, call handling and integrations`}
      />
      <CompanySettings />
      {/* Nothing follows the cards, so their arrival moves nothing already shown. */}
      {cardsCode && (
        <PartLoadBoundary title={<Trans>These settings could not be shown</Trans>}>
          <SettingsMoreCards />
        </PartLoadBoundary>
      )}
    </>
  );
}
