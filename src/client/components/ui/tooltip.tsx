import type { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import { type ReactElement, type ReactNode, useEffect, useState } from "react";
import { loadOnce } from "../../lib/load-once";

export type TooltipProps = {
  content: ReactNode;
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

// Ark's tooltip machine and its positioning (~24 KB gzip with their shared zag runtime) would otherwise be
// on the first download of every signed-in page, for a hint nobody can ask for before the page is there.
const popup = loadOnce(() => import("./tooltip-popup").then((m) => m.TooltipPopup));

/** Starts fetching the tooltip's code ahead of the first trigger (the desktop shell renders several at once). */
export const preloadTooltip = () => void popup.load();

/**
 * A hint on hover and keyboard focus (spec 9: 700 ms to open). Until the tooltip's code is in (fetched on
 * the first mount unless preloaded; at once from then on) the trigger renders bare.
 */
export function Tooltip(props: TooltipProps) {
  const [Popup, setPopup] = useState(popup.loaded);
  useEffect(() => {
    if (Popup) return;
    let mounted = true;
    void popup.load().then((loaded) => {
      if (mounted) setPopup(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [Popup]);
  return Popup ? <Popup {...props} /> : props.children;
}
