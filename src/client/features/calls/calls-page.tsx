import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";

export function CallsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.calls", message: "Calls" })}
        description={t`Manage and review voice assistant calls`}
      />
      <ComingSoonCard />
    </>
  );
}
