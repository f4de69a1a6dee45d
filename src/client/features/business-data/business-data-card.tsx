import { Trans, useLingui } from "@lingui/react/macro";
import type { BusinessDeleted } from "@shared/privacy.schema";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { css } from "styled-system/css";
import { useLocation } from "wouter";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CardBody } from "../../components/ui/card";
import { CheckboxField } from "../../components/ui/checkbox-field";
import { destructive } from "../../components/ui/destructive";
import { Text } from "../../components/ui/text";
import { toaster } from "../../components/ui/toaster";
import { wrappingLabel } from "../../components/ui/wrapping-label";
import { ApiError } from "../../lib/api-client";
import { useApi } from "../../lib/api-context";
import { companyQuery } from "../../lib/company-queries";
import { failureMessage, failureOf } from "../../lib/error-wording";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import { useSessionActor, useSessionUser } from "../session/session-context";
import { SettingsCard } from "../settings/settings-card";
import { downloadBusinessExport, type ExportProgress } from "./business-export";
import { DeleteBusinessDialog } from "./delete-business-dialog";
import { ExportProgressText } from "./export-progress";

const actionsRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });

/**
 * Settings → Your data (issue 23 §3): the whole business exported as a zip (with progress, run again at
 * will), and deleted for good after its name is typed, with a last export offered; then signed out.
 */
export function BusinessDataCard() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const company = useQuery(companyQuery(api));
  const businessName = company.data?.name ?? user?.businessName ?? "";
  const deleteRef = useRef<HTMLButtonElement>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [withRecordings, setWithRecordings] = useState(false);
  const [asking, setAsking] = useState(false);

  const exporting = useMutation({
    mutationFn: () => downloadBusinessExport(api, { recordings: withRecordings }, setProgress),
    onSuccess: () => toaster.success({ title: t`Your data was exported` }),
    onError: (error) => {
      const message = failureOf(error);
      const reason = message ? failureMessage(message) : undefined;
      toaster.error({
        title: t`The export failed before it was complete; nothing was saved. Try again.`,
        description: reason ? i18n._(reason) : undefined,
      });
    },
    onSettled: () => setProgress(null),
  });

  // One request of the card at a time, from the press on: an export, or the deletion (never during an export).
  const oneAtATime = useOneAtATime();
  const deleting = useMutation({
    mutationFn: (typedName: string) =>
      api.post("/privacy/delete-business", "businessDeleted", { businessName: typedName }),
    onSuccess: (result: BusinessDeleted) => {
      const unreached = [
        result.telegram === "unreachable"
          ? t`Telegram could not be reached: remove the bot from your chat yourself.`
          : null,
        result.calendar === "unreachable"
          ? t`Google could not be reached: remove CallDesk's access in your Google account yourself.`
          : null,
      ].filter((line) => line !== null);
      toaster.success({
        title: t`${businessName} and all its data were deleted`,
        description: unreached.length > 0 ? unreached.join(" ") : undefined,
      });
      setAsking(false);
      // Every session of the business is gone with its rows: this one ends here, on the sign-in page. Going
      // there first, as a sign-out does, leaves no page of a business that is no more to come back to.
      navigate("/auth/sign-in", { replace: true });
      session.send({ type: "session.expired" });
    },
  });
  const refusal =
    deleting.error instanceof ApiError && deleting.error.field === "businessName"
      ? t`This is not the business's name. Type it exactly as shown, capitals and spaces included.`
      : deleting.error
        ? t`The business could not be deleted; nothing was deleted. Try again.`
        : null;

  // The card's export and the delete dialog's last one (never shown together) share the choice.
  const exportButton = (label: string) => (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <CheckboxField
        name="recordings"
        label={<Trans>Include call recordings</Trans>}
        hint={<Trans>Each kept recording as an audio file. The download can be very large.</Trans>}
        checked={withRecordings}
        onCheckedChange={setWithRecordings}
      />
      <div className={actionsRow}>
        <Button
          variant="outline"
          className={wrappingLabel}
          aria-disabled={exporting.isPending || undefined}
          onClick={() => oneAtATime(() => exporting.mutateAsync())}
        >
          {exporting.isPending ? <Trans>Exporting…</Trans> : label}
        </Button>
      </div>
      <div role="status">{progress ? <ExportProgressText progress={progress} /> : null}</div>
    </div>
  );

  return (
    <SettingsCard
      title={<Trans>Your data</Trans>}
      description={
        <Trans>
          Download everything CallDesk holds for your business, or delete your business and all its data for
          good.
        </Trans>
      }
    >
      <CardBody className={css({ gap: "6" })}>
        <section className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <Text size="sm">
            <Trans>
              A zip with every table as JSON and CSV and a readme describing each column. Passwords and access
              keys are never included.
            </Trans>
          </Text>
          {asking ? null : exportButton(t`Export all data`)}
        </section>
        <section className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <Alert title={<Trans>Delete everything</Trans>}>
            <Trans>
              Deletes your business, its calls, bookings, settings and activity log, and signs every staff
              member out. This cannot be undone.
            </Trans>
          </Alert>
          <div className={actionsRow}>
            <Button
              ref={deleteRef}
              className={destructive}
              data-delete-business=""
              disabled={businessName === ""}
              onClick={() => {
                deleting.reset();
                setAsking(true);
              }}
            >
              <Trans>Delete everything…</Trans>
            </Button>
          </div>
        </section>
      </CardBody>
      <DeleteBusinessDialog
        open={asking}
        businessName={businessName}
        deleting={deleting.isPending}
        exporting={exporting.isPending}
        refusal={refusal}
        lastExport={exportButton(t`Download a last export`)}
        onCancel={() => setAsking(false)}
        onDelete={(typedName) => oneAtATime(() => deleting.mutateAsync(typedName))}
        finalFocus={() => deleteRef.current}
      />
    </SettingsCard>
  );
}
