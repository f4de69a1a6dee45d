import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  CalendarCheck,
  CircleHelp,
  LayoutDashboard,
  type LucideIcon,
  Phone,
  Settings,
  Sparkles,
} from "lucide-react";

export type NavItem = { path: string; label: MessageDescriptor; icon: LucideIcon };

/** Spec 2: the sidebar entries, in this order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: "/dashboard", label: msg({ id: "nav.dashboard", message: "Dashboard" }), icon: LayoutDashboard },
  { path: "/calls", label: msg({ id: "nav.calls", message: "Calls" }), icon: Phone },
  { path: "/bookings", label: msg({ id: "nav.bookings", message: "Bookings" }), icon: CalendarCheck },
  { path: "/services", label: msg({ id: "nav.services", message: "Services" }), icon: Sparkles },
  { path: "/settings", label: msg({ id: "nav.settings", message: "Settings" }), icon: Settings },
  { path: "/faq", label: msg({ id: "nav.faq", message: "FAQ" }), icon: CircleHelp },
];
