import { Trans, useLingui } from "@lingui/react/macro";
import type { Availability } from "@shared/availability.schema";
import { lastBookableDayOf } from "@shared/booking-horizon";
import { calendarDateAt } from "@shared/zoned-time";
import { useQuery } from "@tanstack/react-query";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { PageHeader } from "../../components/ui/page-header";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { useUrlSearch } from "../../lib/use-url-search";
import { AvailabilityEditor } from "./availability-editor";
import { availabilitySearch } from "./availability-search";
import { AvailabilitySkeleton } from "./availability-skeleton";
import { SlotsPreview } from "./slots-preview";

/** /availability: the weekly schedule, blackout dates and buffer rules (spec 2), and a preview of the free times. */
export function AvailabilityPage() {
  const { t } = useLingui();
  const api = useApi();
  const availability = useQuery(availabilityQueries.detail(api));
  return (
    <>
      <PageHeader
        title={t`Availability`}
        description={t`When callers can book: your weekly hours, days off and the rules around appointments`}
      />
      {availability.data ? (
        <LoadedAvailability availability={availability.data} />
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
      <AvailabilityEditor
        availability={availability}
        tab={search.tab ?? "schedule"}
        today={today}
        onTab={(tab) =>
          setSearch({ ...search, tab: tab === "schedule" ? undefined : tab }, { replace: true })
        }
      />
      <SlotsPreview
        serviceId={search.service}
        week={search.week}
        today={today}
        lastBookableDay={lastBookableDayOf(today, availability.bookingHorizonDays)}
        onChange={({ serviceId, week }) =>
          setSearch({ ...search, service: serviceId, week }, { replace: true })
        }
      />
    </>
  );
}
