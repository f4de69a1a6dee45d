import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../components/ui/page-header";
import { CompanySettings } from "./company-settings";
import SettingsMoreCards from "./settings-more-cards";

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
      <SettingsMoreCards />
    </>
  );
}
