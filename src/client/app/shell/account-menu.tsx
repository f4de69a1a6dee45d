import { useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../../components/ui/menu";
import { useSessionActor, type useSessionUser } from "../../features/session/session-context";
import { type Handover, useHandoverFocus } from "../../lib/use-load-on-intent";
import { AccountFace, accountTriggerClass } from "./account-button";

type AccountUser = NonNullable<ReturnType<typeof useSessionUser>>;

/** The account menu (spec 2: sign out lives here), fetched on intent by ./account-button. */
export function AccountMenu({ user, handover }: { user: AccountUser; handover: Handover | undefined }) {
  const { t } = useLingui();
  const session = useSessionActor();
  const trigger = useHandoverFocus<HTMLButtonElement>(handover);
  const email = user.email;
  return (
    <MenuRoot
      positioning={{ placement: "bottom-end" }}
      onSelect={(details) => {
        if (details.value === "sign-out") session.send({ type: "session.signOut" });
      }}
    >
      <MenuTrigger ref={trigger} asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t`Account menu for ${email}`}
          className={accountTriggerClass}
        >
          <AccountFace email={email} />
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
      </MenuContent>
    </MenuRoot>
  );
}
