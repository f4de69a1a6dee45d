import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantKey, CreatedAssistantKey } from "@shared/assistant.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { css } from "styled-system/css";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
import { toaster } from "../../components/ui/toaster";
import { useFocusAfterRemoval } from "../../components/use-focus-after-removal";
import { useApi } from "../../lib/api-context";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { failureMessage, failureOf, isAlreadyGone } from "../../lib/error-wording";
import { AssistantKeyList } from "./assistant-key-list";
import { assistantKeyQueries, createAssistantKey, revokeAssistantKey } from "./assistant-keys.queries";
import { ConnectionInfo } from "./connection-info";
import { CreateKeyForm } from "./create-key-form";
import { NewKeyNotice } from "./new-key-notice";

/**
 * Settings → Voice assistant, "our own API": the API keys an assistant speaking our API reports calls with
 * (the card's choice of platform shows it; voice-platforms/voice-assistant-card.tsx).
 */
export function AssistantKeysSection() {
  const { t } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const keys = useQuery(assistantKeyQueries.list(api));
  const timeZone = useCompanyTimeZone();
  const failureText = (error: unknown) => {
    const message = failureMessage(failureOf(error) ?? {});
    return message ? t(message) : undefined;
  };
  const [created, setCreated] = useState<CreatedAssistantKey | null>(null);
  const [revoking, setRevoking] = useState<AssistantKey | null>(null);
  const keysHeadingRef = useRef<HTMLHeadingElement>(null);
  const revokedFocus = useFocusAfterRemoval(() => keysHeadingRef.current);

  const create = useMutation({
    mutationFn: (name: string) => createAssistantKey(api, { name }),
    onSuccess: (key) => {
      setCreated(key);
      toaster.success({ title: t`Key created` });
    },
    onError: (error) =>
      toaster.error({ title: t`Could not create the key`, description: failureText(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantKeyQueries.all() }),
  });

  const revoked = (key: AssistantKey) => {
    revokedFocus.removed();
    setRevoking(null);
    if (created?._id === key._id) setCreated(null);
  };
  const revoke = useMutation({
    mutationFn: (key: AssistantKey) => revokeAssistantKey(api, key._id),
    onSuccess: (_, key) => {
      revoked(key);
      toaster.success({ title: t`Key revoked` });
    },
    // Revoked meanwhile (another tab): gone, as asked, not a failure to retry.
    onError: (error, key) => {
      if (!isAlreadyGone(error))
        return toaster.error({ title: t`Could not revoke the key`, description: failureText(error) });
      revoked(key);
      toaster.info({ title: t`This key had already been revoked` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantKeyQueries.all() }),
  });

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
      <Text muted size="sm">
        <Trans>Connect your voice assistant: it reports every call it answers with one of these keys.</Trans>
      </Text>
      <ConnectionInfo />
      {created ? <NewKeyNotice key={created._id} created={created} onDone={() => setCreated(null)} /> : null}
      <CreateKeyForm pending={create.isPending} onCreate={(name) => create.mutateAsync(name)} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        {/* Focusable for the focus a revocation of the last key leaves behind. */}
        <h3 ref={keysHeadingRef} tabIndex={-1} className={css({ fontSize: "sm", fontWeight: "semibold" })}>
          <Trans>Keys</Trans>
        </h3>
        {keys.data && timeZone ? (
          keys.data.length === 0 ? (
            <Text muted size="sm">
              <Trans>No keys yet. Create one to connect your assistant.</Trans>
            </Text>
          ) : (
            <AssistantKeyList
              keys={keys.data}
              timeZone={timeZone}
              onRevoke={(key) => {
                revokedFocus.opened();
                setRevoking(key);
              }}
            />
          )
        ) : keys.isError ? (
          <Alert title={<Trans>Error loading keys</Trans>}>
            <p>{failureText(keys.error) ?? <Trans>An unexpected error occurred</Trans>}</p>
            <Button
              variant="outline"
              size="sm"
              className={css({ mt: "3" })}
              onClick={() => void keys.refetch()}
            >
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        ) : (
          <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading keys…</Trans>
            </span>
            <Skeleton className={css({ h: "10", w: "full" })} />
            <Skeleton className={css({ h: "10", w: "full" })} />
          </div>
        )}
      </div>
      <ConfirmDialog
        target={revoking}
        title={({ name }) => t`Revoke the key “${name}”?`}
        description={t`An assistant using this key will be refused from the next request on. This cannot be undone.`}
        confirmLabel={<Trans>Revoke key</Trans>}
        pendingLabel={<Trans>Revoking…</Trans>}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={(key) => revoke.mutateAsync(key)}
        finalFocus={revokedFocus.finalFocus}
      />
    </div>
  );
}
