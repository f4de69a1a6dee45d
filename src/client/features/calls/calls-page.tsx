import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../components/ui/page-header";
import { CallHistoryCard } from "./call-history-card";
import { useCallsSearch } from "./use-calls-search";

export function CallsPage() {
  const { t } = useLingui();
  const [search, setSearch] = useCallsSearch();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.calls", message: "Calls" })}
        description={t`Manage and review voice assistant calls`}
      />
      <CallHistoryCard search={search} onSearchChange={setSearch} />
    </>
  );
}
