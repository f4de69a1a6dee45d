import { Trans, useLingui } from "@lingui/react/macro";
import type { Availability } from "@shared/availability.schema";
import { calendarDateAt } from "@shared/zoned-time";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { css } from "styled-system/css";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { LoadFailureMessage } from "../../components/load-failure-message";
import { PageHeader } from "../../components/ui/page-header";
import { Skeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { preloadable } from "../../lib/preloadable";
import { useDeferredArrival } from "../../lib/use-deferred-arrival";
import { useUrlSearch } from "../../lib/use-url-search";
import { availabilityQueries } from "./availability.queries";
import { availabilitySearch } from "./availability-search";
import { AvailabilitySkeleton } from "./availability-skeleton";

// The tabs' code is fetched as soon as this page's code runs, alongside the schedule request rather than before
// it: the page's own chunk is its header and skeleton. Their schema checks wait for the form's first use.
const AvailabilityEditor = preloadable(() =>
  import("./availability-editor").then((m) => ({ default: m.AvailabilityEditor })),
);

// Below the week's rows on most screens: its code comes after the editor's, usually before the schedule
// arrives (rendered when the code is in, neither shows a skeleton first).
const SlotsPreview = preloadable(() => import("./slots-preview").then((m) => ({ default: m.SlotsPreview })));
AvailabilityEditor.preload().then(SlotsPreview.preload, () => undefined);

/** /availability: the weekly schedule, blackout dates and buffer rules (spec 2), and a preview of the free times. */
export function AvailabilityPage() {
  const { t } = useLingui();
  const api = useApi();
  const availability = useQuery(availabilityQueries.detail(api));
  const data = useDeferredArrival(availability.data);
  return (
    <>
      <PageHeader
        title={t`Availability`}
        description={t`When callers can book: your weekly hours, days off and the rules around appointments`}
      />
      {data ? (
        <LoadedAvailability availability={data} />
      ) : availability.isError ? (
        <LoadErrorAlert
          title={<Trans>Availability could not be loaded</Trans>}
          onRetry={() => void availability.refetch()}
        >
          <LoadFailureMessage
            error={availability.error}
            missing={<Trans>Failed to fetch availability</Trans>}
          />
        </LoadErrorAlert>
      ) : (
        <AvailabilitySkeleton />
      )}
    </>
  );
}

/**
 * The editor and, below it, the preview. The preview waits for the editor's data: under the shorter skeleton
 * it would jump down when the editor arrives (a layout shift), and its "this week" is the business's.
 */
function LoadedAvailability({ availability }: { availability: Availability }) {
  const [search, setSearch] = useUrlSearch(availabilitySearch);
  // The business's today, not the device's: "this week" and past blackouts are the business's days.
  const today = calendarDateAt(new Date(), availability.timezone);
  return (
    <>
      <Suspense fallback={<AvailabilitySkeleton />}>
        <AvailabilityEditor
          availability={availability}
          tab={search.tab ?? "schedule"}
          today={today}
          onTab={(tab) =>
            setSearch({ ...search, tab: tab === "schedule" ? undefined : tab }, { replace: true })
          }
        />
      </Suspense>
      <Suspense fallback={<Skeleton className={css({ h: "64", mt: "8" })} />}>
        <SlotsPreview
          serviceId={search.service}
          week={search.week}
          today={today}
          onChange={({ serviceId, week }) =>
            setSearch({ ...search, service: serviceId, week }, { replace: true })
          }
        />
      </Suspense>
    </>
  );
}
