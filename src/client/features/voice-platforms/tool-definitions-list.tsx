import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantConnectionTools, RetellToolDefinition } from "@shared/assistant-connections.schema";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { css } from "styled-system/css";
import { CopyButton } from "../../components/copy-button";
import { CopyField } from "../../components/copy-field";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Code } from "../../components/ui/code";
import { Skeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { ToolJson } from "./tool-json";
import { assistantConnectionQueries } from "./voice-platforms.queries";

const json = (value: unknown) => JSON.stringify(value, null, 2);

const item = css({
  display: "flex",
  flexDirection: "column",
  gap: "3",
  py: "4",
  borderBottomWidth: "1px",
  borderColor: "border.subtle",
  minW: "0",
});

/** A Retell custom function as its dashboard asks for it: description, URL and parameters, each to copy. */
function RetellFunction({ tool, nameId }: { tool: RetellToolDefinition; nameId: string }) {
  const { t } = useLingui();
  const { name } = tool;
  return (
    <>
      <CopyField
        label={<Trans>Description</Trans>}
        value={tool.description}
        copyLabel={t`Copy the description of ${name}`}
      />
      <CopyField label={<Trans>URL</Trans>} value={tool.url} copyLabel={t`Copy the URL of ${name}`} />
      <ToolJson
        toolNameId={nameId}
        label={<Trans>Parameters (JSON schema)</Trans>}
        value={json(tool.parameters)}
        copyLabel={t`Copy the parameters of ${name}`}
      />
    </>
  );
}

/** Each tool of the platform's definitions, with what to copy into its dashboard; and all of them at once. */
function ToolList({ definitions }: { definitions: AssistantConnectionTools }) {
  const { t } = useLingui();
  const baseId = useId();
  const { tools } = definitions;
  const count = tools.length;
  // Each tool's body, given the id of the heading that names it.
  const listed: { name: string; body: (nameId: string) => ReactNode }[] =
    definitions.provider === "vapi"
      ? definitions.tools.map((tool) => {
          const { name } = tool.function;
          return {
            name,
            body: (nameId) => (
              <ToolJson
                toolNameId={nameId}
                label={<Trans>JSON for Vapi</Trans>}
                value={json(tool)}
                copyLabel={t`Copy ${name}`}
              />
            ),
          };
        })
      : definitions.tools.map((tool) => ({
          name: tool.name,
          body: (nameId) => <RetellFunction tool={tool} nameId={nameId} />,
        }));
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
        {/* The array as each platform's API takes it: Vapi's model.tools, Retell's general_tools. */}
        <CopyButton
          value={json(tools)}
          label={t`Copy all ${count} tools as JSON`}
          text={<Trans>Copy all</Trans>}
        />
      </div>
      <ul className={css({ borderTopWidth: "1px", borderColor: "border.subtle" })}>
        {listed.map(({ name, body }) => (
          <li key={name} className={item} data-tool={name}>
            <h4 id={`${baseId}-${name}`} className={css({ fontSize: "sm", fontWeight: "semibold" })}>
              <Code translate="no">{name}</Code>
            </h4>
            {body(`${baseId}-${name}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A connection's ready-to-paste tools, read when the owner opens them (this module comes with them). */
export function ToolDefinitionsList({ connectionId }: { connectionId: string }) {
  const api = useApi();
  const definitions = useQuery(assistantConnectionQueries.tools(api, connectionId));
  if (definitions.isPending)
    return (
      <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <span className={css({ srOnly: true })}>
          <Trans>Loading the tool definitions…</Trans>
        </span>
        <Skeleton className={css({ h: "10", w: "12rem", maxW: "full" })} />
        <Skeleton className={css({ h: "32", w: "full" })} />
      </div>
    );
  if (definitions.isError)
    return (
      <LoadErrorAlert
        title={<Trans>Failed to fetch the tool definitions</Trans>}
        error={definitions.error}
        onRetry={() => void definitions.refetch()}
      />
    );
  return <ToolList definitions={definitions.data} />;
}
