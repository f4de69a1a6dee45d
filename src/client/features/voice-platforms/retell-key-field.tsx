import { Trans } from "@lingui/react/macro";
import type { AssistantConnectionMachine } from "@machines/assistant-connection.machine";
import { useSelector } from "@xstate/react";
import { css } from "styled-system/css";
import type { ActorRefFrom } from "xstate";
import { Field } from "../../components/ui/field";

/**
 * The owner's Retell API key, for a connect or a replacement: Retell signs every webhook with the account's key
 * that has the webhook badge, so that is the one we check signatures with. A key the server refused (a 400 on
 * apiKey) is explained as one that cannot be a key.
 */
export function RetellKeyField({ actor }: { actor: ActorRefFrom<AssistantConnectionMachine> }) {
  const apiKey = useSelector(actor, (s) => s.context.apiKey);
  const invalid = useSelector(
    actor,
    (s) =>
      s.context.invalidKey ||
      (s.context.failure?.field === "apiKey" && s.context.failure.code === "VALIDATION"),
  );
  return (
    <div className={css({ w: "full", maxW: "32rem" })}>
      <Field
        label={<Trans>Retell API key</Trans>}
        name="apiKey"
        value={apiKey}
        required
        autoComplete="off"
        spellCheck={false}
        className={css({ fontFamily: "mono" })}
        onChange={(event) => actor.send({ type: "apiKey.change", apiKey: event.target.value })}
        helperText={
          <Trans>
            Retell signs every webhook with your API key that has the webhook badge (in Retell: Settings, API
            Keys). Paste that key here so we can check each delivery came from Retell. It is kept encrypted
            and never shown again.
          </Trans>
        }
        errorText={
          invalid ? <Trans>Enter your Retell API key: 8 to 200 characters, no spaces.</Trans> : undefined
        }
      />
    </div>
  );
}
