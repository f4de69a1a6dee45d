import type { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from "react";
import { css } from "styled-system/css";
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

/** What the bare trigger had when the tooltip's code arrived. */
export type TooltipHandoff = { focused: boolean; hovered: boolean };

// Ark's tooltip machine and its positioning (~24 KB gzip with their shared zag runtime) would otherwise be
// on the first download of every signed-in page, for a hint nobody can ask for before the page is there.
const popup = loadOnce(() => import("./tooltip-popup").then((m) => m.TooltipPopup));

const holderClass = css({ display: "contents" });

/**
 * A hint on hover and keyboard focus (spec 9: 700 ms to open). The trigger renders bare until the
 * tooltip's code is in (fetched on the first mount, at once from then on), then with its tooltip; a focus
 * or hover it had by then carries over.
 */
export function Tooltip(props: TooltipProps) {
  const [Popup, setPopup] = useState(popup.loaded);
  const [handoff, setHandoff] = useState<TooltipHandoff>();
  const holder = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (Popup) return;
    let mounted = true;
    void popup.load().then((loaded) => {
      if (!mounted) return;
      const trigger = holder.current?.firstElementChild;
      setHandoff({
        focused: trigger != null && trigger === document.activeElement,
        hovered: trigger?.matches(":hover") ?? false,
      });
      setPopup(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [Popup]);
  return (
    <span ref={holder} className={holderClass}>
      {Popup ? <Popup {...props} handoff={handoff} /> : props.children}
    </span>
  );
}
