import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { RetentionField as Retention } from "@shared/privacy.constants";
import type { PrivacySettings, PrivacySettingsUpdate } from "@shared/privacy.schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { UserSearch } from "lucide-react";
import { useMemo, useState } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { LeaveGuard } from "../../components/leave-guard";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { SaveBar } from "../../components/save-bar";
import { CardBody } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch-field";
import { Text } from "../../components/ui/text";
import { useCheckedSave } from "../../components/use-checked-save";
import { useApi } from "../../lib/api-context";
import { PRIVACY_DESK_PATH } from "../privacy-desk/privacy-desk.queries";
import { SettingsCard } from "../settings/settings-card";
import { dataProtectionQueries, saveDataProtection } from "./data-protection.queries";
import {
  changesOf,
  type DataProtectionDraft,
  draftOf,
  type RetentionDraft,
  rebaseOnFresh,
  sameDraft,
  updateOf,
} from "./data-protection-draft";
import { RETENTION_RULE_MESSAGES } from "./data-protection-problems";
import { RetentionField } from "./retention-field";

const loadCheck = () => import("./data-protection-check");

/** Settings → Data protection (issue 23 §1): whether calls are recorded, how long what they leave is kept. */
export function DataProtectionCard() {
  const { t } = useLingui();
  const api = useApi();
  const settings = useQuery(dataProtectionQueries.settings(api));
  return (
    <SettingsCard
      title={<Trans>Data protection</Trans>}
      description={
        <Trans>
          Whether your assistant records calls, and how long transcripts, recordings, calls and your
          customers' details are kept.
        </Trans>
      }
    >
      <CardBody className={css({ gap: "5" })}>
        {settings.data ? (
          <DataProtectionForm settings={settings.data} label={t`Data protection`} />
        ) : settings.isError ? (
          <LoadErrorAlert
            title={<Trans>Data protection settings could not be loaded</Trans>}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading data protection settings…</Trans>
            </span>
            <Skeleton className={css({ h: "6", w: "14rem", maxW: "full" })} />
            <Skeleton className={css({ h: "24", w: "full" })} />
          </div>
        )}
        <Link
          href={PRIVACY_DESK_PATH}
          className={cx(
            button({ variant: "outline", size: "sm" }),
            // Its label is long in some languages: it wraps rather than push the card sideways at 360 px.
            css({ alignSelf: "flex-start", whiteSpace: "normal", h: "auto", minH: "8", py: "1.5" }),
          )}
        >
          <UserSearch aria-hidden="true" />
          <Trans>Open the privacy desk</Trans>
        </Link>
      </CardBody>
    </SettingsCard>
  );
}

/** The card's fields and Save: a failed save keeps everything as typed; leaving with unsaved changes asks. */
function DataProtectionForm({ settings, label }: { settings: PrivacySettings; label: string }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const saved = useMemo(() => draftOf(settings), [settings]);
  const [draft, setDraft] = useState(saved);
  const [shown, setShown] = useState(settings);

  // Read again (another tab saved): the fields being edited stay as typed, the others show it.
  if (settings !== shown) {
    setShown(settings);
    setDraft(rebaseOnFresh(draft, draftOf(shown), saved));
  }
  const unsaved = !sameDraft(draft, saved);

  const { formRef, problems, setProblems, save, submit, reset } = useCheckedSave({
    loadCheck,
    send: (changes: PrivacySettingsUpdate) => saveDataProtection(api, changes),
    onSaved: (stored, sent: DataProtectionDraft) => {
      queryClient.setQueryData(dataProtectionQueries.settings(api).queryKey, stored);
      void queryClient.invalidateQueries({ queryKey: dataProtectionQueries.preview(api).queryKey });
      setDraft((current) => (sameDraft(current, sent) ? draftOf(stored) : current));
    },
  });

  const changeRetention = (field: Retention, value: RetentionDraft) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // Content and rows are checked against each other: a change to either clears both complaints.
    const cleared: Retention[] =
      field === "bookingPersonalDays" ? [field] : ["callContentDays", "callRowDays"];
    if (cleared.some((key) => problems[key]))
      setProblems((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key as Retention))),
      );
  };

  const problemText = (field: Retention) => {
    const rule = problems[field];
    return rule ? i18n._(RETENTION_RULE_MESSAGES[rule]) : undefined;
  };
  const retention = (field: Retention) => ({
    name: field,
    value: draft[field],
    errorText: problemText(field),
    onChange: (value: RetentionDraft) => changeRetention(field, value),
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      aria-busy={save.isPending || undefined}
      onSubmit={(event) => submit(event, updateOf(draft), changesOf(draft, saved), draft)}
      onFocusCapture={() => void loadCheck()}
      className={css({ display: "flex", flexDirection: "column", gap: "5" })}
    >
      <LeaveGuard when={unsaved} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <SwitchField
          name="recordCalls"
          label={<Trans>Record calls</Trans>}
          checked={draft.recordCalls}
          onCheckedChange={(recordCalls) => setDraft((current) => ({ ...current, recordCalls }))}
        />
        <Text muted size="sm">
          <Trans>
            Off: your assistant is told not to record, and no recording or transcript of a call is kept. Calls
            and their summaries still are.
          </Trans>
        </Text>
      </div>
      <RetentionField
        {...retention("callContentDays")}
        label={<Trans>Remove call content after a number of days</Trans>}
        description={
          <Trans>Transcripts, recordings and summaries, counted from the call. Off: kept forever.</Trans>
        }
        daysLabel={t`Days to keep call content`}
      />
      <RetentionField
        {...retention("callRowDays")}
        label={<Trans>Delete calls after a number of days</Trans>}
        description={
          <Trans>
            The calls themselves, at least as long as their content. Your dashboard's totals still count them.
            Off: kept forever.
          </Trans>
        }
        daysLabel={t`Days to keep calls`}
      />
      <RetentionField
        {...retention("bookingPersonalDays")}
        label={<Trans>Remove customers' details from past bookings</Trans>}
        description={
          <Trans>
            Name, phone number and notes, counted from the end of the appointment. The booking stays for your
            figures. Off: kept forever.
          </Trans>
        }
        daysLabel={t`Days to keep customers' details`}
      />
      <NextPurge />
      <SaveBar
        unsaved={unsaved}
        blocked={Object.keys(problems).length > 0}
        saving={save.isPending}
        failure={save.isError && !save.isPending ? save.error : null}
        saveLabel={<Trans>Save data protection</Trans>}
        onDiscard={() => {
          setDraft(saved);
          reset();
        }}
      />
    </form>
  );
}

/** What the hourly purge would remove now under the saved settings. */
function NextPurge() {
  const api = useApi();
  const preview = useQuery(dataProtectionQueries.preview(api));
  if (!preview.data) return null;
  const { callContents, calls, bookings } = preview.data;
  return (
    <Text
      size="sm"
      data-next-purge=""
      className={css({ bg: "bg.subtle", borderRadius: "l2", px: "3", py: "2" })}
    >
      {callContents + calls + bookings === 0 ? (
        <Trans>Under the saved settings, nothing is due for removal at the next hourly purge.</Trans>
      ) : (
        <Trans>
          Under the saved settings, the next hourly purge removes the content of{" "}
          <Plural value={callContents} one="# call" other="# calls" />, deletes{" "}
          <Plural value={calls} one="# call" other="# calls" /> and removes the customer's details from{" "}
          <Plural value={bookings} one="# booking" other="# bookings" />.
        </Trans>
      )}
    </Text>
  );
}
