import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";

export function DashboardPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.dashboard", message: "Dashboard" })}
        description={t`Overview of your voice assistant performance and bookings`}
      />
      <ComingSoonCard />
    </>
  );
}
