import { Trans } from "@lingui/react/macro";
import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import { ChevronDown } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
import { preloadable } from "../../lib/preloadable";

/** The definitions' list and its JSON come only when the owner opens them. */
const ToolDefinitionsList = preloadable(() =>
  import("./tool-definitions-list").then((module) => module.ToolDefinitionsList),
);

const subheading = css({ fontSize: "sm", fontWeight: "semibold" });

/** The tools the assistant books with: where they go in the platform, and their definitions on demand. */
export function ToolsSection({
  connectionId,
  provider,
}: {
  connectionId: string;
  provider: AssistantPlatform;
}) {
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby={headingId}
      className={css({ display: "flex", flexDirection: "column", gap: "2" })}
    >
      <h3 id={headingId} className={subheading}>
        <Trans>Booking tools</Trans>
      </h3>
      <Text muted size="sm">
        {provider === "vapi" ? (
          <Trans>
            They let your assistant find free times, book, and move or cancel a caller's bookings. In Vapi,
            create each one under Tools → Create Tool (type Function) with the name, description and
            parameters from its JSON, or send the JSON to Vapi's API; then add the tools to your assistant.
            Leave each tool's own server URL empty: Vapi then sends them to your assistant's server URL, with
            its credential.
          </Trans>
        ) : (
          <Trans>
            They let your agent find free times, book, and move or cancel a caller's bookings. In Retell, add
            each one to your agent under Functions → Add → Custom Function, with its name, description, URL
            and parameters.
          </Trans>
        )}
      </Text>
      <div>
        <Button
          variant="outline"
          // A disclosure: its words stay, aria-expanded and the chevron say whether it is open.
          aria-expanded={open}
          aria-controls={panelId}
          data-tools-toggle=""
          // The list's code starts coming as soon as the owner heads for the button.
          onPointerEnter={() => void ToolDefinitionsList.preload()}
          onFocus={() => void ToolDefinitionsList.preload()}
          onClick={() => setOpen(!open)}
        >
          <ChevronDown
            aria-hidden="true"
            className={css({ transition: "transform 0.2s", transform: open ? "rotate(180deg)" : "none" })}
          />
          <Trans>Tool definitions</Trans>
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open ? (
          <Suspense fallback={<Skeleton className={css({ h: "32", w: "full" })} />}>
            <ToolDefinitionsList connectionId={connectionId} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
