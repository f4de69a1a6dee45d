import type { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  useEffect,
  useState,
} from "react";
import { loadOnce } from "../../lib/load-once";

type TriggerProps = {
  onPointerEnter?: ((event: PointerEvent) => void) | undefined;
  onFocus?: ((event: FocusEvent) => void) | undefined;
};

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
};

// Ark's tooltip machine and its positioning (~24 KB gzip with their shared zag runtime) would otherwise be
// on the first download of every signed-in page, for a hint nobody asks for in the page's first seconds.
const popup = loadOnce(() => import("./tooltip-popup").then((m) => m.TooltipPopup));

let preloaded = false;

/** Starts fetching the tooltip's code with the page (the desktop shell shows tooltips from its first render). */
export function preloadTooltip() {
  preloaded = true;
  // A failure leaves the triggers bare (handled here, not an uncaught rejection).
  popup.load().catch(() => undefined);
}

/** After the page's first seconds, in an idle moment: once its own work is done, not competing with it. */
const SETTLE_MS = 2000;
function whenSettled(run: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    idle =
      typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 2000 }) : undefined;
    if (idle === undefined) run();
  }, SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * A hint on hover and keyboard focus (spec 9: 700 ms to open). The trigger renders bare until the tooltip's
 * code is in (fetched with the desktop shell, or once a page has settled; at once for triggers mounted later). A trigger someone has
 * already pointed at or focused stays bare, keeping its element: wrapping it then would replace the element
 * under a press, or the element a dialog it opened returns focus to.
 */
export function Tooltip(props: TooltipProps) {
  const [Popup, setPopup] = useState(popup.loaded);
  // State, not a ref: reaching for the trigger while the swap below is being rendered restarts that render.
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (Popup) return;
    let mounted = true;
    const load = () =>
      void popup.load().then(
        (loaded) => {
          // A transition: every tooltip on the page swaps at once, in short tasks rather than one long one.
          if (mounted) startTransition(() => setPopup(() => loaded));
        },
        () => undefined,
      );
    if (preloaded) {
      load();
      return () => {
        mounted = false;
      };
    }
    const cancel = whenSettled(load);
    return () => {
      mounted = false;
      cancel();
    };
  }, [Popup]);
  if (Popup && !reached) return <Popup {...props} />;
  const child = props.children;
  return cloneElement(child, {
    onPointerEnter: (event: PointerEvent) => {
      setReached(true);
      child.props.onPointerEnter?.(event);
    },
    onFocus: (event: FocusEvent) => {
      setReached(true);
      child.props.onFocus?.(event);
    },
  });
}
