import { useRef } from "react";

/**
 * The same control in the row after the one holding `control` (the row before it, at the end of the list): where
 * focus goes when that row is removed. Rows are the closest `li` or `tr`; the control is found by its place among
 * the row's buttons counted from the end (a row may lack an action at the start, such as "Make default").
 */
export function sameControlNearby(control: Element | null): HTMLElement | null {
  const row = control?.closest("li, tr");
  if (!control || !row) return null;
  const fromEnd = [...row.querySelectorAll<Element>("button")].reverse().indexOf(control);
  const near = row.nextElementSibling ?? row.previousElementSibling;
  const buttons = [...(near?.querySelectorAll<HTMLElement>("button") ?? [])].reverse();
  return buttons[fromEnd] ?? null;
}

/**
 * Focus after a confirmation that removes a row (a service, a blackout, a key), as the bookings list moves it
 * when the button used goes away: ConfirmDialog gives focus back to the button that opened it, which would then
 * vanish with its row and leave focus on <body>. After a removal it goes to the same button of a neighbouring row,
 * or to `fallback` when the list is left empty; after a Cancel, back to that button.
 */
export function useFocusAfterRemoval(fallback: () => HTMLElement | null) {
  const opener = useRef<Element | null>(null);
  const landing = useRef<HTMLElement | null>(null);
  return {
    /** The question opens: the button used has the focus. */
    opened: () => {
      opener.current = document.activeElement;
      landing.current = null;
    },
    /** The row was removed, its list not yet refreshed: the neighbour is still where it was. */
    removed: () => {
      landing.current = sameControlNearby(opener.current) ?? fallback();
    },
    /** ConfirmDialog's `finalFocus`: null sends focus back to the opener. */
    finalFocus: () => landing.current,
  };
}
