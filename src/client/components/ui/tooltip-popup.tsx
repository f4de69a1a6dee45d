import { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import { tooltip } from "styled-system/recipes/tooltip";
import type { TooltipProps } from "./tooltip";

const styles = tooltip();

/** Ark's tooltip behind ./tooltip (which renders the bare trigger until this module is in). */
export function TooltipPopup({
  content,
  children,
  placement = "bottom",
  openDelay = 700,
  closeDelay = 300,
  disabled,
}: TooltipProps) {
  return (
    <ArkTooltip.Root
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
