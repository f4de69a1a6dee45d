import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { css, cx } from "styled-system/css";
import { Link, useLocation } from "wouter";
import { Tooltip } from "../../components/ui/tooltip";
import { bookingQueries } from "../../features/bookings/bookings.queries";
import { useApi } from "../../lib/api-context";
import { NAV_ITEMS } from "./nav-items";

const itemClass = css({
  display: "flex",
  alignItems: "center",
  gap: "3",
  h: "9",
  px: "2",
  borderRadius: "l2",
  color: "fg.muted",
  fontSize: "sm",
  fontWeight: "medium",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textDecoration: "none",
  transitionProperty: "background, color",
  transitionDuration: "fast",
  _hover: { bg: "bg.muted", color: "fg.default" },
  _focusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "-2px" },
  "&[aria-current=page]": { bg: "indigo.a3", color: "indigo.11", fontWeight: "semibold" },
  "& svg": { w: "4", h: "4", flexShrink: "0" },
});

type SidebarNavProps = {
  /** Icons only, with the label in a tooltip (spec 9: no delay in the sidebar). */
  collapsed?: boolean;
  onNavigate?: () => void;
};

const countBadge = css({
  display: "inline-block",
  ml: "auto",
  minW: "5",
  h: "5",
  px: "1.5",
  borderRadius: "full",
  bg: "amber.a4",
  color: "amber.12",
  fontSize: "xs",
  fontWeight: "semibold",
  // Line heights are unitless multipliers: the badge's own height (h 5) as a length.
  lineHeight: "1.25rem",
  textAlign: "center",
  fontVariantNumeric: "tabular-nums",
});
// Collapsed, the count sits on the icon's corner.
const cornerBadge = css({
  position: "absolute",
  top: "0",
  insetInlineStart: "5",
  ml: "0",
  minW: "4",
  h: "4",
  px: "1",
  lineHeight: "1rem",
  fontSize: "xs",
});

/** The spec 2 entries; the active one matches the current path exactly. Bookings shows how many wait. */
export function SidebarNav({ collapsed = false, onNavigate }: SidebarNavProps) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const api = useApi();
  const pending = useQuery(bookingQueries.counts(api)).data?.pending ?? 0;
  return (
    <ul
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "1",
        listStyle: "none",
        p: "0",
        m: "0",
      })}
    >
      {NAV_ITEMS.map(({ path, label, icon: Icon }) => {
        const text = i18n._(label);
        const waiting = path === "/bookings" && pending > 0 ? pending : 0;
        const name = waiting ? t`${text}, ${waiting} pending` : undefined;
        return (
          <li key={path}>
            <Tooltip
              content={name ?? text}
              placement="right"
              openDelay={0}
              closeDelay={0}
              disabled={!collapsed}
            >
              <Link
                href={path}
                aria-current={location === path ? "page" : undefined}
                className={cx(itemClass, css({ position: "relative" }))}
                onClick={onNavigate}
              >
                <Icon aria-hidden="true" />
                <span className={cx(collapsed && css({ srOnly: true }))}>{text}</span>
                {/* The count is part of the link's name ("Bookings 3 pending"): seen as a number, heard with
                    its meaning; the visible words come first in the name, as WCAG 2.5.3 asks. */}
                {waiting ? (
                  <span className={cx(countBadge, collapsed && cornerBadge)} data-part="pending-count">
                    {waiting}
                    <span className={css({ srOnly: true })}>
                      {" "}
                      <Trans context="bookings waiting for confirmation">pending</Trans>
                    </span>
                  </span>
                ) : null}
              </Link>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
