import { Trans } from "@lingui/react/macro";
import type { FailureFacts } from "@machines/failure";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { failureOf } from "../lib/error-wording";
import { FailureText } from "./failure-text";
import { Alert } from "./ui/alert";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Text } from "./ui/text";

type SaveBarProps = {
  unsaved: boolean;
  /** Some fields are marked wrong: say that they must be corrected first. */
  blocked: boolean;
  saving: boolean;
  /** The last save's failure, shown above the buttons; null when there is none. */
  failure: unknown;
  saveLabel: ReactNode;
  onDiscard: () => void;
  /** Without it, Save submits the surrounding form. */
  onSave?: () => void;
  saveDisabled?: boolean;
};

/**
 * Why a save failed, any failure (no answer at all too, with the generic words), and that what was typed is
 * kept: the save bar's, and a form dialog's that stays open after a failed save.
 */
export function SaveFailureText({ failure }: { failure: FailureFacts | undefined }) {
  return (
    <>
      <FailureText failure={failure} fallback={<Trans>An unexpected error occurred</Trans>} />{" "}
      {/* The failure's own text says whether trying again helps ("Please try again."); not twice. */}
      <Trans>What you typed is still here.</Trans>
    </>
  );
}

/** Save and discard for a form edited in place, with what is unsaved or went wrong (what was typed stays). */
export function SaveBar({
  unsaved,
  blocked,
  saving,
  failure,
  saveLabel,
  onDiscard,
  onSave,
  saveDisabled,
}: SaveBarProps) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", pt: "4" })}>
      {failure ? (
        <Alert title={<Trans>Your changes could not be saved</Trans>}>
          <SaveFailureText failure={failureOf(failure)} />
        </Alert>
      ) : null}
      <div
        className={css({
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          justifyContent: "flex-end",
          gap: "3",
        })}
      >
        <div role="status" className={css({ me: "auto" })}>
          {unsaved ? (
            <Badge tone="warning" variant="subtle" data-unsaved="">
              <Trans>Unsaved changes</Trans>
            </Badge>
          ) : null}
          {unsaved && blocked ? (
            <Text as="span" muted size="sm" className={css({ ms: "2" })}>
              <Trans>Correct the marked fields to save.</Trans>
            </Text>
          ) : null}
        </div>
        {/* aria-disabled, not disabled: a button that disabled itself under the keyboard (Save while saving and once
            nothing is left unsaved, Discard once used) would drop focus to <body>. */}
        <Button
          variant="outline"
          aria-disabled={!unsaved || saving || undefined}
          onClick={() => unsaved && !saving && onDiscard()}
        >
          <Trans>Discard changes</Trans>
        </Button>
        {onSave ? (
          <Button aria-disabled={saveDisabled || undefined} onClick={() => saveDisabled || onSave()}>
            {saving ? <Trans>Saving…</Trans> : saveLabel}
          </Button>
        ) : (
          <Button type="submit" aria-disabled={saving || undefined}>
            {saving ? <Trans>Saving…</Trans> : saveLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
