import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";

export function ServicesPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.services", message: "Services" })}
        description={t`Manage the services your customers can book`}
      />
      <ComingSoonCard />
    </>
  );
}
