import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { CallerSearch, UpcomingDecision } from "@shared/caller-data.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Search, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { css, cx } from "styled-system/css";
import { useLocation, useSearch } from "wouter";
import { BackLink } from "../../components/back-link";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Button } from "../../components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { destructive } from "../../components/ui/destructive";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { PageHeader } from "../../components/ui/page-header";
import { RowsSkeleton } from "../../components/ui/skeleton";
import { toaster } from "../../components/ui/toaster";
import { wrappingLabel } from "../../components/ui/wrapping-label";
import { useApi } from "../../lib/api-context";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { failureMessage, failureOf } from "../../lib/error-wording";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import { CallerBookings, CallerCalls } from "./caller-records";
import { ErasureReceiptCard } from "./erasure-receipt";
import {
  callerSearchOf,
  downloadCallerData,
  eraseCallerData,
  PRIVACY_DESK_PATH,
  privacyDeskQueries,
} from "./privacy-desk.queries";

/** A column of the page: its items never wider than it (a grid item's minimum is otherwise its content's). */
// Panda extracts styles at build time: each one spelled out.
const stack = {
  3: css({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: "3" }),
  4: css({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: "4" }),
  6: css({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: "6" }),
};

/**
 * Settings → Privacy desk (issue 23 §2): a caller's "what do you hold about me?" and "delete me". The caller
 * searched for stays in the page's state, never in the address: only a receipt's number goes there.
 */
export function PrivacyDeskPage() {
  const { t } = useLingui();
  const receiptId = new URLSearchParams(useSearch()).get("receipt");
  return (
    <>
      <BackLink href="/settings">
        <Trans>Back to settings</Trans>
      </BackLink>
      <PageHeader
        title={t`Privacy desk`}
        description={t`Find everything your business holds about one caller, download it for them, or erase it.`}
      />
      {receiptId ? <ReceiptView id={receiptId} /> : <CallerDesk />}
    </>
  );
}

function ReceiptView({ id }: { id: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const timeZone = useCompanyTimeZone();
  const receipt = useQuery(privacyDeskQueries.receipt(api, id));
  return (
    <div className={stack[4]}>
      {receipt.data && timeZone ? (
        <ErasureReceiptCard receipt={receipt.data} timeZone={timeZone} />
      ) : receipt.isError ? (
        <LoadErrorAlert
          title={<Trans>Error loading the receipt</Trans>}
          onRetry={() => void receipt.refetch()}
        >
          <LoadFailureMessage error={receipt.error} missing={<Trans>No such receipt</Trans>} />
        </LoadErrorAlert>
      ) : (
        <RowsSkeleton
          rows={4}
          title={css({ w: "56", maxW: "full" })}
          detail={css({ w: "40", maxW: "full" })}
          columns={[]}
        />
      )}
      <Button
        variant="outline"
        className={css({ justifySelf: "start", "@media print": { display: "none" } })}
        onClick={() => navigate(PRIVACY_DESK_PATH)}
      >
        <Search aria-hidden="true" />
        <Trans>Look up another caller</Trans>
      </Button>
    </div>
  );
}

function CallerDesk() {
  const { t } = useLingui();
  const titleId = useId();
  const [text, setText] = useState("");
  const [search, setSearch] = useState<CallerSearch | null>(null);
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(text.trim() === "");
    if (text.trim() !== "") setSearch(callerSearchOf(text));
  };

  return (
    <div className={stack[6]}>
      <Card aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>
            <Trans>Find a caller</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              A phone number is matched by its digits, however it was written; a name is matched whole, in any
              case.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardBody>
          <form
            aria-label={t`Find a caller`}
            onSubmit={submit}
            noValidate
            className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "flex-end" })}
          >
            <div className={css({ flex: "1 1 12rem", minW: "0" })}>
              <Field
                label={t`Phone number or name`}
                value={text}
                onChange={(event) => setText(event.target.value)}
                autoComplete="off"
                errorText={empty ? t`Enter a phone number or a name` : undefined}
              />
            </div>
            <Button type="submit">
              <Search aria-hidden="true" />
              <Trans>Search</Trans>
            </Button>
          </form>
        </CardBody>
      </Card>
      {search ? <CallerResults key={JSON.stringify(search)} search={search} /> : null}
    </div>
  );
}

function CallerResults({ search }: { search: CallerSearch }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const timeZone = useCompanyTimeZone();
  const found = useQuery(privacyDeskQueries.caller(api, search));
  const [decisions, setDecisions] = useState<Record<string, UpcomingDecision>>({});
  const [showMissing, setShowMissing] = useState(false);
  const [confirming, setConfirming] = useState<"erase" | null>(null);
  const callsId = useId();
  const bookingsId = useId();

  const download = useMutation({
    mutationFn: () => downloadCallerData(api, search),
    onError: () => toaster.error({ title: t`The caller's data could not be downloaded` }),
  });
  const oneAtATime = useOneAtATime();
  const erase = useMutation({
    mutationFn: () =>
      eraseCallerData(api, {
        ...search,
        // Only for the bookings upcoming as last read: one decided on that has ended or was cancelled since
        // is no longer the server's to ask about, and naming it would refuse every erasure from this page.
        decisions: (found.data?.bookings ?? []).flatMap((booking) => {
          const decision = booking.upcoming ? decisions[booking._id] : undefined;
          return decision ? [{ bookingId: booking._id, decision }] : [];
        }),
      }),
    onSuccess: (receipt) => {
      setConfirming(null);
      // Every list may have shown what is gone now.
      queryClient.removeQueries({ queryKey: privacyDeskQueries.all() });
      void queryClient.invalidateQueries();
      navigate(`${PRIVACY_DESK_PATH}?receipt=${encodeURIComponent(receipt._id)}`);
    },
    onError: (error) => {
      setConfirming(null);
      const failure = failureOf(error);
      const reason = failure ? failureMessage(failure) : undefined;
      toaster.error({
        title: t`The caller's data could not be erased`,
        description:
          failure?.field === "decisions"
            ? t`Their upcoming bookings changed meanwhile. They are shown as they stand now: check them and erase again.`
            : reason && i18n._(reason),
      });
      void found.refetch();
    },
  });

  if (found.isError)
    return (
      <LoadErrorAlert
        title={<Trans>Error searching for the caller</Trans>}
        onRetry={() => void found.refetch()}
      >
        <LoadFailureMessage error={found.error} missing={<Trans>The search could not be made</Trans>} />
      </LoadErrorAlert>
    );
  if (!found.data || !timeZone)
    return (
      <div role="status">
        <span className={css({ srOnly: true })}>
          <Trans>Searching…</Trans>
        </span>
        <RowsSkeleton
          rows={3}
          title={css({ w: "56", maxW: "full" })}
          detail={css({ w: "40", maxW: "full" })}
          columns={[]}
        />
      </div>
    );

  const { calls, bookings } = found.data;
  if (calls.length === 0 && bookings.length === 0)
    return (
      <EmptyState icon={Search} title={<Trans>Nothing found</Trans>}>
        <Trans>Your business holds no call or booking of this caller.</Trans>
      </EmptyState>
    );

  const undecided = bookings.filter((booking) => booking.upcoming && !decisions[booking._id]).length;
  const askToErase = () => {
    setShowMissing(true);
    if (undecided === 0) setConfirming("erase");
  };

  return (
    <div className={stack[6]}>
      <p role="status" className={css({ fontWeight: "medium" })}>
        <Plural value={calls.length} one="# call found" other="# calls found" />
        {", "}
        <Plural value={bookings.length} one="# booking found" other="# bookings found" />
      </p>
      {bookings.length > 0 ? (
        <section aria-labelledby={bookingsId} className={stack[3]}>
          <h2 id={bookingsId} className={css({ textStyle: "lg", fontWeight: "semibold" })}>
            <Trans>Bookings, upcoming first</Trans>
          </h2>
          <CallerBookings
            bookings={bookings}
            timeZone={timeZone}
            decisions={decisions}
            onDecide={(bookingId, decision) =>
              setDecisions((current) => ({ ...current, [bookingId]: decision }))
            }
            showMissing={showMissing}
          />
        </section>
      ) : null}
      {calls.length > 0 ? (
        <section aria-labelledby={callsId} className={stack[3]}>
          <h2 id={callsId} className={css({ textStyle: "lg", fontWeight: "semibold" })}>
            <Trans>Calls</Trans>
          </h2>
          <CallerCalls calls={calls} timeZone={timeZone} />
        </section>
      ) : null}
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
        <Button
          variant="outline"
          className={wrappingLabel}
          aria-disabled={download.isPending || undefined}
          onClick={() => oneAtATime(() => download.mutateAsync())}
        >
          <Download aria-hidden="true" />
          {download.isPending ? (
            <Trans>Preparing the download…</Trans>
          ) : (
            <Trans>Download this caller's data</Trans>
          )}
        </Button>
        <Button className={cx(destructive, wrappingLabel)} onClick={askToErase}>
          <Trash2 aria-hidden="true" />
          <Trans>Erase this caller's data</Trans>
        </Button>
      </div>
      {showMissing && undecided > 0 ? (
        <p role="alert" className={css({ color: "fg.error", textStyle: "sm" })}>
          <Plural
            value={undecided}
            one="Choose whether to cancel or keep the upcoming booking first."
            other="Choose whether to cancel or keep each of the # upcoming bookings first."
          />
        </p>
      ) : null}
      <ConfirmDialog
        target={confirming}
        title={() => t`Erase this caller's data?`}
        description={() =>
          t`Their number, name, transcripts, summaries, recording links and booking notes are removed for good; the calls and bookings stay without them for your figures. This cannot be undone.`
        }
        confirmLabel={<Trans>Erase for good</Trans>}
        pendingLabel={<Trans>Erasing…</Trans>}
        pending={erase.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => erase.mutateAsync()}
      />
    </div>
  );
}
