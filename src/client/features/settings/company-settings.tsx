import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { css } from "styled-system/css";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Skeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { companyQuery } from "../../lib/company-queries";
import { SettingsForm } from "./settings-form";

/**
 * While Settings is open the company is read again every 30 s (spec 9's 5-minute lifetime says only when a
 * revisit may reuse it): the phone the assistant reports meanwhile shows without a reload. The form keeps
 * what is being typed (settings-form.tsx).
 */
const SETTINGS_REFRESH_MS = 30_000;

/** Settings → company information and call handling: loading, failed, or the form. */
export function CompanySettings() {
  const api = useApi();
  const company = useQuery({ ...companyQuery(api), refetchInterval: SETTINGS_REFRESH_MS });
  if (company.data) return <SettingsForm company={company.data} />;
  if (company.isError)
    return (
      <LoadErrorAlert
        title={<Trans>Company settings could not be loaded</Trans>}
        error={company.error}
        className={css({ mb: "6" })}
        onRetry={() => void company.refetch()}
      />
    );
  return <SettingsSkeleton />;
}

/** The two cards' outlines, pulsing, while the company loads. */
function SettingsSkeleton() {
  return (
    <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "6", mb: "6" })}>
      <span className={css({ srOnly: true })}>
        <Trans>Loading company settings…</Trans>
      </span>
      <Skeleton className={css({ h: "40rem" })} />
      <Skeleton className={css({ h: "8rem" })} />
    </div>
  );
}
