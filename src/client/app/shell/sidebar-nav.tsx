import { useLingui } from "@lingui/react/macro";
import { css, cx } from "styled-system/css";
import { Link, useLocation } from "wouter";
import { Tooltip } from "../../components/ui/tooltip";
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

/** The spec 2 entries; the active one matches the current path exactly. */
export function SidebarNav({ collapsed = false, onNavigate }: SidebarNavProps) {
  const { i18n } = useLingui();
  const [location] = useLocation();
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
        return (
          <li key={path}>
            <Tooltip content={text} placement="right" openDelay={0} closeDelay={0} disabled={!collapsed}>
              <Link
                href={path}
                aria-current={location === path ? "page" : undefined}
                className={itemClass}
                onClick={onNavigate}
              >
                <Icon aria-hidden="true" />
                <span className={cx(collapsed && css({ srOnly: true }))}>{text}</span>
              </Link>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
