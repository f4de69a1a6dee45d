import { type PointerEvent, type SyntheticEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { loadOnce } from "./load-once";

type Once<T> = ReturnType<typeof loadOnce<T>>;

/** How the loaded control takes over from the stand-in that asked for it. */
export type Handover = {
  /**
   * The part of the stand-in that had focus when the code arrived (its `data-handover`, else "trigger"): the
   * control's same part takes it.
   */
  focus: string | undefined;
  /** The stand-in was pressed before the code arrived: the press is replayed on the control's trigger. */
  open: boolean;
  /** The caret (or the selected text) of the stand-in's focused input: the control's input takes it. */
  selection: readonly [start: number, end: number] | undefined;
};

/** The stand-in's event handlers (spread on its trigger; `onPointerEnter` may go on a wrapper instead). */
export type IntentHandlers = {
  onPointerEnter: (event: SyntheticEvent) => void;
  onFocus: (event: SyntheticEvent) => void;
  onPointerDown: (event: PointerEvent) => void;
  onClick: (event: SyntheticEvent) => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
};

/**
 * For a control whose code is fetched when someone reaches for it (pointer over, focus, press) rather than
 * with the page: `loaded` is the code once in (at once when an earlier control fetched it), with the
 * `handover`; until then a stand-in drawn the same takes `handlers`. The stand-in's element is replaced by the
 * control's, so focus and a press made while loading are handed over instead of lost, and the swap waits
 * while a press is under way: replacing the element between pointer down and up would swallow the click.
 */
export function useLoadOnIntent<T>(once: Once<T>) {
  const [loaded, setLoaded] = useState<{ value: T; handover: Handover } | undefined>(() => {
    const value = once.loaded();
    return value === undefined
      ? undefined
      : { value, handover: { focus: undefined, open: false, selection: undefined } };
  });
  const mounted = useRef(true);
  const pressed = useRef(false);
  const pressing = useRef(false);
  const waiting = useRef<() => void>(undefined);
  // The stand-in's elements reached so far: where focus may sit when the control arrives.
  const reached = useRef(new Set<Element>());
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const release = () => {
    pressing.current = false;
    const swap = waiting.current;
    waiting.current = undefined;
    swap?.();
  };
  const start = (standIn: EventTarget) => {
    if (standIn instanceof Element) reached.current.add(standIn);
    // A failed import leaves the stand-in as it is (the browser keeps that failure for the page's life).
    once.load().then((value) => {
      const swap = () => {
        if (!mounted.current) return;
        const focused = document.activeElement;
        const inStandIn = [...reached.current].some((element) => element.contains(focused));
        const focus = inStandIn && focused instanceof HTMLElement ? partOf(focused) : undefined;
        const selection = inStandIn ? selectionOf(focused) : undefined;
        // Drawn and focused in this very task (flushSync, then the control's layout effects): a key pressed
        // during the swap lands before or after it, never in a stand-in that is gone.
        flushSync(() => setLoaded({ value, handover: { focus, open: pressed.current, selection } }));
      };
      if (pressing.current) waiting.current = swap;
      else swap();
    }, noop);
  };
  const handlers: IntentHandlers = {
    onPointerEnter: (event) => start(event.currentTarget),
    onFocus: (event) => start(event.currentTarget),
    onPointerDown: (event) => {
      // Only the main button's press ends in a click; another (a right-click's menu) must not hold the swap.
      if (event.button === 0) pressing.current = true;
      start(event.currentTarget);
    },
    onClick: (event) => {
      pressed.current = true;
      start(event.currentTarget);
      release();
    },
    onPointerLeave: () => {
      if (pressing.current) release();
    },
    onPointerCancel: release,
  };
  return { loaded: loaded?.value, handover: loaded?.handover, handlers };
}

const noop = () => {};

const partOf = (element: HTMLElement) => element.dataset.handover ?? "trigger";

const selectionOf = (element: Element | null) =>
  element instanceof HTMLInputElement && element.selectionStart !== null && element.selectionEnd !== null
    ? ([element.selectionStart, element.selectionEnd] as const)
    : undefined;

/**
 * A ref for a part of the loaded control, which takes focus on mount when the stand-in's same part had it (an
 * input its caret too). A press of the stand-in is replayed on the control's trigger, so it opens exactly as a
 * press of its own would (focus moving into the menu or calendar included).
 */
export function useHandoverFocus<E extends HTMLElement>(handover: Handover | undefined, part = "trigger") {
  const ref = useRef<E>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, when the control replaces its stand-in
  useLayoutEffect(() => {
    const pressed = part === "trigger" && handover?.open === true;
    if (handover?.focus === part || pressed) ref.current?.focus();
    if (handover?.focus === part && handover.selection && ref.current instanceof HTMLInputElement)
      ref.current.setSelectionRange(...handover.selection);
    if (pressed) ref.current?.click();
  }, []);
  return ref;
}
