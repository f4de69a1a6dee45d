import { useLingui } from "@lingui/react/macro";
import { Moon, Sun } from "lucide-react";
import { IconButton } from "../../components/ui/icon-button";
import { Tooltip } from "../../components/ui/tooltip";
import { setTheme } from "./theme";
import { useDarkTheme } from "./use-dark-theme";

/** Switches between light and dark (spec 4); from "system" it flips whatever the system shows. */
export function ThemeToggle() {
  const { t } = useLingui();
  const dark = useDarkTheme();
  const label = dark ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <Tooltip content={label}>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={label}
        onClick={() => setTheme(dark ? "light" : "dark")}
      >
        {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
      </IconButton>
    </Tooltip>
  );
}
