import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";

export function BookingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.bookings", message: "Bookings" })}
        description={t`Review, confirm and reschedule your customers' appointments`}
      />
      <ComingSoonCard />
    </>
  );
}
