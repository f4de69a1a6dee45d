import { useLingui } from "@lingui/react/macro";
import { ChevronDown, LogOut, MonitorSmartphone } from "lucide-react";
import { useRef, useState } from "react";
import { css } from "styled-system/css";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../../components/ui/menu";
import { useSessionActor, useSessionUser } from "../../features/session/session-context";
import { SignOutEverywhereDialog } from "../../features/session/sign-out-everywhere-dialog";

/**
 * The account menu (spec 2: sign out lives here, and sign out everywhere beside it, confirmed first); its trigger
 * shows the initial, the e-mail (md up), a chevron.
 */
export function AccountMenu() {
  const { t } = useLingui();
  const session = useSessionActor();
  const user = useSessionUser();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [askingEverywhere, setAskingEverywhere] = useState(false);
  if (!user) return null;
  const email = user.email;
  return (
    <>
      <MenuRoot
        positioning={{ placement: "bottom-end" }}
        onSelect={(details) => {
          if (details.value === "sign-out") session.send({ type: "session.signOut" });
          if (details.value === "sign-out-everywhere") setAskingEverywhere(true);
        }}
      >
        <MenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="sm"
            aria-label={t`Account menu for ${email}`}
            className={css({ px: "1.5" })}
          >
            <Avatar name={email} size="xs" />
            <span
              className={css({
                display: { base: "none", md: "inline" },
                maxW: "14rem",
                overflow: "hidden",
                textOverflow: "ellipsis",
              })}
            >
              {email}
            </span>
            <ChevronDown aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuContent>
          <div className={css({ px: "3", py: "2", display: "flex", flexDirection: "column", gap: "0.5" })}>
            <span className={css({ fontSize: "sm", fontWeight: "semibold", wordBreak: "break-all" })}>
              {user.email}
            </span>
            {user.businessName ? (
              <span className={css({ fontSize: "xs", color: "fg.muted" })}>{user.businessName}</span>
            ) : null}
          </div>
          <MenuSeparator />
          <MenuItem value="sign-out">
            <LogOut aria-hidden="true" />
            {t`Sign out`}
          </MenuItem>
          <MenuItem value="sign-out-everywhere">
            <MonitorSmartphone aria-hidden="true" />
            {t`Sign out everywhere…`}
          </MenuItem>
        </MenuContent>
      </MenuRoot>
      <SignOutEverywhereDialog
        open={askingEverywhere}
        onClose={() => setAskingEverywhere(false)}
        finalFocus={() => triggerRef.current}
      />
    </>
  );
}
