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
  // What the bare trigger this one replaced had goes on to it: the focus, and a resting pointer (no pointer
  // event would come for it otherwise), which opens the tooltip after its usual delay.
  useEffect(() => {
    const trigger = document.getElementById(triggerId);
    if (handoff?.focused) trigger?.focus({ preventScroll: true });
    if (handoff?.hovered)
      trigger?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
  }, [handoff, triggerId]);
  return (
    <ArkTooltip.Root
      ids={{ trigger: triggerId }}
      openDelay={openDelay}
      closeDelay={closeDelay}
      positioning={{ placement, strategy: "fixed" }}
      disabled={disabled}
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
