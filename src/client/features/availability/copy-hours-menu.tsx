import { Trans } from "@lingui/react/macro";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../components/ui/menu";
import { CopyHoursButton, type CopyHoursProps } from "./copy-hours-button";

/** "Copy" on a day: to Monday–Friday, or to every day. Loaded lazily by day-hours.tsx (Ark's menu is heavy). */
export default function CopyHoursMenu({ dayName, disabled, onCopy }: CopyHoursProps) {
  return (
    <MenuRoot
      positioning={{ placement: "bottom-end" }}
      onSelect={({ value }) => {
        if (value === "weekdays" || value === "everyDay") onCopy(value);
      }}
    >
      <MenuTrigger asChild>
        <CopyHoursButton dayName={dayName} disabled={disabled} />
      </MenuTrigger>
      <MenuContent>
        <MenuItem value="weekdays">
          <Trans>Copy to all weekdays (Monday–Friday)</Trans>
        </MenuItem>
        <MenuItem value="everyDay">
          <Trans>Copy to every day of the week</Trans>
        </MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}
