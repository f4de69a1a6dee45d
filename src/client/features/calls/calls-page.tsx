import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../components/ui/page-header";
import { useUrlSearch } from "../../lib/use-url-search";
import { CallHistoryCard } from "./call-history-card";
import { callsSearch } from "./calls-search";

export function CallsPage() {
  const { t } = useLingui();
  const [search, setSearch] = useUrlSearch(callsSearch);
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
