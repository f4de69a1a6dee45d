import type { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import { cloneElement, type ReactElement, type ReactNode, type SyntheticEvent } from "react";
import { loadOnce } from "../../lib/load-once";
import { type Handover, type IntentHandlers, useLoadOnIntent } from "../../lib/use-load-on-intent";

type TriggerProps = { [Name in keyof IntentHandlers]?: ((event: SyntheticEvent) => void) | undefined };

export type TooltipProps = {
  content: ReactNode;
  /** One element taking pointer and focus handlers (a button). */
  children: ReactElement<TriggerProps>;
  placement?: NonNullable<ArkTooltip.RootProps["positioning"]>["placement"];
  openDelay?: number;
  /**
   * Spec 9: 300 ms skip delay. Zag opens a tooltip at once while another one is still showing, so
   * keeping the closing one alive for 300 ms makes moving to a neighbour within that time skip the delay.
   */
  closeDelay?: number;
  disabled?: boolean;
  /** From the bare trigger the tooltip replaced: focus it had while the code loaded. */
  handover?: Handover | undefined;
};

// Ark's tooltip machine and its positioning (~24 KB gzip with their shared zag runtime) would otherwise be
// on the first download of every signed-in page, for a hint nobody asks for before pointing at something.
const popup = loadOnce(() => import("./tooltip-popup").then((m) => m.TooltipPopup));

/**
 * A hint on hover and keyboard focus (spec 9: 700 ms to open). The trigger renders bare until someone points
 * at or focuses one: the code is fetched then, once per page, and later tooltips render with it at once.
 * A trigger that still had focus when the code arrived gets it back (and its hint); a pointer still over it
 * opens the hint on its next move, after the usual delay.
 */
export function Tooltip(props: TooltipProps) {
  const { loaded: Popup, handover, handlers } = useLoadOnIntent(popup);
  if (Popup) return <Popup {...props} handover={handover} />;
  const child = props.children;
  // The trigger's own handlers run first (its click does what it does whether or not the hint is in).
  const both = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => {
      const own = child.props[name as keyof IntentHandlers];
      return [
        name,
        (event: SyntheticEvent) => {
          own?.(event);
          handler(event);
        },
      ];
    }),
  );
  return cloneElement(child, both);
}
