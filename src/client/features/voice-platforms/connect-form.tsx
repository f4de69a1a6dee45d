import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantConnectionMachine } from "@machines/assistant-connection.machine";
import { type AssistantPlatform, PLATFORM_NAMES } from "@shared/assistant-platforms.constants";
import { useSelector } from "@xstate/react";
import { Plug } from "lucide-react";
import { css } from "styled-system/css";
import type { ActorRefFrom } from "xstate";
import { Button } from "../../components/ui/button";
import { Text } from "../../components/ui/text";
import { RetellKeyField } from "./retell-key-field";

type ConnectFormProps = { provider: AssistantPlatform; actor: ActorRefFrom<AssistantConnectionMachine> };

/** No connection to this platform yet: what connecting gives, and for Retell the key it signs with. */
export function ConnectForm({ provider, actor }: ConnectFormProps) {
  const { t } = useLingui();
  const creating = useSelector(actor, (s) => s.matches("creating"));
  const platform = PLATFORM_NAMES[provider];
  return (
    <form
      noValidate
      data-connect-form=""
      aria-label={t`Connect ${platform}`}
      aria-busy={creating || undefined}
      className={css({ display: "flex", flexDirection: "column", gap: "4", alignItems: "flex-start" })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!creating) actor.send({ type: "connect", provider });
      }}
    >
      <Text muted size="sm">
        {provider === "vapi" ? (
          <Trans>
            Not connected. Connecting gives you a server URL and a secret to paste into Vapi; no code is
            needed.
          </Trans>
        ) : (
          <Trans>
            Not connected. Connecting gives you a webhook URL to paste into Retell; no code is needed.
          </Trans>
        )}
      </Text>
      {provider === "retell" ? <RetellKeyField actor={actor} /> : null}
      {/* aria-disabled, not disabled: the button pressed keeps the focus while connecting. */}
      <Button type="submit" aria-disabled={creating || undefined}>
        <Plug aria-hidden="true" />
        {creating ? <Trans>Connecting…</Trans> : <Trans>Connect {platform}</Trans>}
      </Button>
    </form>
  );
}
