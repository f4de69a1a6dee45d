import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantConnection } from "@shared/assistant-connections.schema";
import { type AssistantPlatform, PLATFORM_NAMES } from "@shared/assistant-platforms.constants";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { css } from "styled-system/css";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { CardBody } from "../../components/ui/card";
import { SegmentGroup } from "../../components/ui/segment-group";
import { Skeleton } from "../../components/ui/skeleton";
import { toaster } from "../../components/ui/toaster";
import { useApi } from "../../lib/api-context";
import { failureReason } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { AssistantKeysSection } from "../assistant-keys/assistant-keys-section";
import { SettingsCard } from "../settings/settings-card";
import { ConnectForm } from "./connect-form";
import { ConnectionPanel } from "./connection-panel";
import { RemoveDialog } from "./remove-dialog";
import { RotateDialog } from "./rotate-dialog";
import { provideAssistantConnection } from "./voice-platforms.actors";
import { assistantConnectionQueries } from "./voice-platforms.queries";

/** The card's choice: a platform whose own webhooks we take, or our own assistant API (its keys). */
type Choice = AssistantPlatform | "own";

/** What an owner starts on: the platform of their newest connection, else our own API (as before issue 24). */
const choiceOf = (connections: readonly AssistantConnection[] | undefined): Choice =>
  connections?.[0]?.provider ?? "own";

/**
 * Settings → Voice assistant (issue 24 §2): the platform the business's assistant runs on. Vapi and Retell
 * connect with a URL (and a secret) pasted into the platform, whose deliveries are listed so the owner sees it
 * works; our own API is the assistant keys.
 */
export function VoiceAssistantCard() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const connections = useQuery(assistantConnectionQueries.list(api));
  const [chosen, setChosen] = useState<Choice | null>(null);
  // Chosen once the connections are known, and kept: removing the last Vapi connection stays on Vapi.
  if (chosen === null && connections.data) setChosen(choiceOf(connections.data));
  const choice = chosen ?? choiceOf(connections.data);

  const [machine] = useState(() =>
    provideAssistantConnection({
      api,
      queryClient,
      onConnected: (provider) => {
        const platform = PLATFORM_NAMES[provider];
        toaster.success({
          title: t`${platform} connected successfully! Paste the URL into ${platform} to receive its calls.`,
        });
      },
      onConnectFailed: (provider, failure) => {
        const platform = PLATFORM_NAMES[provider];
        toaster.error({
          title: t`Failed to connect ${platform}.`,
          description: failureReason(i18n, failure),
        });
      },
      onRotated: (provider) =>
        toaster.success({
          title:
            provider === "vapi" ? t`Secret rotated successfully.` : t`Retell API key replaced successfully.`,
        }),
      onRotateFailed: (provider, failure) =>
        toaster.error({
          title:
            provider === "vapi" ? t`Failed to rotate the secret.` : t`Failed to replace the Retell API key.`,
          description: failureReason(i18n, failure),
        }),
      onRemoved: (provider) => {
        const platform = PLATFORM_NAMES[provider];
        toaster.success({ title: t`${platform} disconnected successfully.` });
      },
      onRemoveFailed: (provider, failure) => {
        const platform = PLATFORM_NAMES[provider];
        toaster.error({
          title: t`Failed to disconnect ${platform}.`,
          description: failureReason(i18n, failure),
        });
      },
    }),
  );
  const actor = useActorRef(machine, useInspectOptions());
  // A dialog closes on a card that changed under it: focus goes to the secret now shown (a rotation), or to
  // Connect where the removed connection was; otherwise back to the button that opened it.
  const bodyRef = useRef<HTMLDivElement>(null);
  const finalFocus = () =>
    bodyRef.current?.querySelector<HTMLElement>(
      "[data-shown-once] input, [data-connect-form] button[type=submit]",
    ) ?? null;
  const secret = useSelector(actor, (s) => s.context.secret);

  const choices = [
    { value: "vapi", label: PLATFORM_NAMES.vapi },
    { value: "retell", label: PLATFORM_NAMES.retell },
    { value: "own", label: t`Our own API` },
  ] as const;
  const shown = choice === "own" ? [] : (connections.data ?? []).filter((c) => c.provider === choice);

  return (
    <SettingsCard
      title={<Trans>Voice assistant</Trans>}
      description={
        <Trans>
          Choose the platform your voice assistant runs on. Its calls, transcripts and summaries then arrive
          here.
        </Trans>
      }
    >
      <CardBody ref={bodyRef} className={css({ gap: "6" })}>
        {connections.isPending ? (
          <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading voice assistant connections…</Trans>
            </span>
            <Skeleton className={css({ h: "8", w: "16rem", maxW: "full" })} />
            <Skeleton className={css({ h: "10", w: "full" })} />
          </div>
        ) : (
          <>
            <SegmentGroup
              label={t`Platform`}
              value={choice}
              items={choices}
              onValueChange={setChosen}
              className={css({ flexWrap: "wrap" })}
            />
            {choice === "own" ? (
              <AssistantKeysSection />
            ) : connections.isError ? (
              <LoadErrorAlert
                title={<Trans>Failed to fetch the voice assistant connections</Trans>}
                error={connections.error}
                onRetry={() => void connections.refetch()}
              />
            ) : shown.length === 0 ? (
              <ConnectForm key={choice} provider={choice} actor={actor} />
            ) : (
              shown.map((connection) => (
                <ConnectionPanel
                  key={connection._id}
                  connection={connection}
                  secret={secret?.connectionId === connection._id ? secret.value : null}
                  actor={actor}
                />
              ))
            )}
          </>
        )}
      </CardBody>
      <RotateDialog actor={actor} finalFocus={finalFocus} />
      <RemoveDialog actor={actor} finalFocus={finalFocus} />
    </SettingsCard>
  );
}
