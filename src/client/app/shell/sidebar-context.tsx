import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { readSidebarExpanded, writeSidebarExpanded } from "./sidebar-cookie";
import { useMediaQuery } from "./use-media-query";

/** Below this width the sidebar is a side sheet; above it, the desktop sidebar with its tooltips. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

type SidebarState = {
  /** Desktop: full width with labels, or 3rem of icons. */
  expanded: boolean;
  /** Below 768 px the sidebar is a side sheet instead. */
  mobile: boolean;
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
  toggle: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return state;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [sheetOpen, setSheetOpen] = useState(false);

  const toggle = useCallback(() => {
    if (mobile) {
      setSheetOpen((open) => !open);
      return;
    }
    setExpanded((was) => {
      writeSidebarExpanded(!was);
      return !was;
    });
  }, [mobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  useEffect(() => {
    if (!mobile) setSheetOpen(false);
  }, [mobile]);

  const value = useMemo(
    () => ({ expanded, mobile, sheetOpen, setSheetOpen, toggle }),
    [expanded, mobile, sheetOpen, toggle],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}
