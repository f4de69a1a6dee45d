import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantConnectionMachine } from "@machines/assistant-connection.machine";
import type { AssistantConnection } from "@shared/assistant-connections.schema";
import { PLATFORM_NAMES } from "@shared/assistant-platforms.constants";
import { useSelector } from "@xstate/react";
import { KeyRound, Trash2 } from "lucide-react";
import { useId } from "react";
import { css } from "styled-system/css";
import type { ActorRefFrom } from "xstate";
import { CopyField } from "../../components/copy-field";
import { Button } from "../../components/ui/button";
import { Text } from "../../components/ui/text";
import { DeliveryList } from "./delivery-list";
import { ExactTime } from "./exact-time";
import { SecretNotice } from "./secret-notice";
import { ToolsSection } from "./tools-section";

type ConnectionPanelProps = {
  connection: AssistantConnection;
  /** Vapi's secret just made for this connection, shown this once; null otherwise. */
  secret: string | null;
  actor: ActorRefFrom<AssistantConnectionMachine>;
};

const subheading = css({ fontSize: "sm", fontWeight: "semibold" });

/** One connection: the URL to paste, its secret once, whether the platform reaches us, and its actions. */
export function ConnectionPanel({ connection, secret, actor }: ConnectionPanelProps) {
  const { t } = useLingui();
  const deliveriesId = useId();
  const { provider } = connection;
  const platform = PLATFORM_NAMES[provider];
  // A secret waiting to be copied comes first: it is never shown again.
  const busy = useSelector(actor, (s) => s.matches("secretShown") || s.matches("creating"));
  const target = { id: connection._id, provider };
  return (
    <section
      aria-label={t`${platform} connection`}
      data-connection={connection._id}
      className={css({ display: "flex", flexDirection: "column", gap: "5" })}
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <CopyField
          label={
            provider === "vapi" ? <Trans>Server URL for Vapi</Trans> : <Trans>Webhook URL for Retell</Trans>
          }
          value={connection.webhookUrl}
          copyLabel={t`Copy the URL`}
          inputClassName={css({ minW: "14rem" })}
        />
        <Text muted size="sm">
          {provider === "vapi" ? (
            <Trans>
              In Vapi, paste it as your assistant's Server URL, and add a Bearer Token credential holding the
              secret.
            </Trans>
          ) : (
            <Trans>In Retell, paste it as your agent's webhook URL.</Trans>
          )}
        </Text>
      </div>

      {secret !== null ? (
        <SecretNotice secret={secret} onDone={() => actor.send({ type: "secret.copied" })} />
      ) : null}

      <ToolsSection connectionId={connection._id} provider={provider} />

      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <Text size="sm">
          {connection.lastEventAt ? (
            <Trans>
              Last event received <ExactTime iso={connection.lastEventAt} />
            </Trans>
          ) : (
            <Trans>No event received yet. Make a test call to your assistant.</Trans>
          )}
        </Text>
        <h3 id={deliveriesId} className={subheading}>
          <Trans>Latest deliveries</Trans>
        </h3>
        {connection.recentDeliveries.length === 0 ? (
          <Text muted size="sm">
            <Trans>None yet.</Trans>
          </Text>
        ) : (
          <DeliveryList labelledBy={deliveriesId} deliveries={connection.recentDeliveries} />
        )}
      </div>

      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => actor.send({ type: "rotate.ask", connection: target })}
        >
          <KeyRound aria-hidden="true" />
          {provider === "vapi" ? <Trans>Rotate secret</Trans> : <Trans>Replace API key</Trans>}
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => actor.send({ type: "remove.ask", connection: target })}
        >
          <Trash2 aria-hidden="true" />
          <Trans>Remove connection</Trans>
        </Button>
      </div>
    </section>
  );
}
