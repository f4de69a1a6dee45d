import { useLingui } from "@lingui/react/macro";
import { Menu, PanelLeft } from "lucide-react";
import { IconButton } from "../../components/ui/icon-button";
import { Tooltip } from "../../components/ui/tooltip";
import { SIDEBAR_ID } from "./desktop-sidebar";
import { useSidebar } from "./sidebar-context";

/** Opens the side sheet on small screens, collapses or expands the sidebar otherwise (also Ctrl/Cmd+B). */
export function SidebarTrigger() {
  const { t } = useLingui();
  const { mobile, expanded, sheetOpen, toggle } = useSidebar();
  if (mobile) {
    return (
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t`Open navigation`}
        aria-expanded={sheetOpen}
        onClick={toggle}
      >
        <Menu aria-hidden="true" />
      </IconButton>
    );
  }
  const label = expanded ? t`Collapse sidebar` : t`Expand sidebar`;
  return (
    <Tooltip content={`${label} (Ctrl+B)`}>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={SIDEBAR_ID}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={toggle}
      >
        <PanelLeft aria-hidden="true" />
      </IconButton>
    </Tooltip>
  );
}
