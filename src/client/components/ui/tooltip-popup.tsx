import { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import { useEffect, useId } from "react";
import { tooltip } from "styled-system/recipes/tooltip";
import type { TooltipHandoff, TooltipProps } from "./tooltip";

const styles = tooltip();

/** Ark's tooltip behind ./tooltip (which renders the bare trigger until this module is in). */
export function TooltipPopup({
  content,
  children,
  placement = "bottom",
  openDelay = 700,
  closeDelay = 300,
  disabled,
  handoff,
}: TooltipProps & { handoff: TooltipHandoff | undefined }) {
  const triggerId = useId();
  // The bare trigger this one replaced had the focus: it goes on to its successor.
  useEffect(() => {
    if (handoff?.focused) document.getElementById(triggerId)?.focus({ preventScroll: true });
  }, [handoff, triggerId]);
  return (
    <ArkTooltip.Root
      ids={{ trigger: triggerId }}
      openDelay={openDelay}
      closeDelay={closeDelay}
      positioning={{ placement, strategy: "fixed" }}
      disabled={disabled}
      // The pointer already rests on the bare trigger: no pointer event will come to open this one.
      defaultOpen={handoff?.hovered}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      {/* In place, not portalled: it stays inside its landmark; the fixed strategy escapes clipping. */}
      <ArkTooltip.Positioner className={styles.positioner}>
        <ArkTooltip.Content className={styles.content}>{content}</ArkTooltip.Content>
      </ArkTooltip.Positioner>
    </ArkTooltip.Root>
  );
}
