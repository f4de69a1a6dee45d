import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { PageHeader } from "../components/ui/page-header";
import { CompanySettings } from "../features/settings/company-settings";
import { preloadable } from "../lib/preloadable";

const loadMoreCards = () => import("./settings-more-cards");
// Fetched as soon as this page's code runs, in parallel with the company form's data (a failure shows when
// the cards render, through the page's load boundary).
const SettingsMoreCards = preloadable(loadMoreCards);
void SettingsMoreCards.preload();

/** Composed from features, one card (or card group) each; calendar and data protection come next. */
export function SettingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.settings", message: "Settings" })}
        description={t`Company information, call handling and integrations`}
      />
      <CompanySettings />
      {/* Nothing follows the cards, so their arrival moves nothing already shown. */}
      <Suspense fallback={null}>
        <SettingsMoreCards />
      </Suspense>
    </>
  );
}
