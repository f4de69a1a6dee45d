import { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import type { ReactElement, ReactNode } from "react";
import { tooltip } from "styled-system/recipes/tooltip";

const styles = tooltip();

type TooltipProps = {
  content: ReactNode;
  /** One element taking pointer and focus handlers (a button). */
  children: ReactElement;
  placement?: NonNullable<ArkTooltip.RootProps["positioning"]>["placement"];
  openDelay?: number;
  /**
   * Spec 9: 300 ms skip delay. Zag opens a tooltip at once while another one is still showing, so
   * keeping the closing one alive for 300 ms makes moving to a neighbour within that time skip the delay.
   */
  closeDelay?: number;
  disabled?: boolean;
};

/** A hint on hover and keyboard focus (spec 9: 700 ms to open). */
export function Tooltip({
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
