import { useLingui } from "@lingui/react/macro";
import { ChevronDown } from "lucide-react";
import { css } from "styled-system/css";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { useSessionUser } from "../../features/session/session-context";
import { loadOnce } from "../../lib/load-once";
import { useLoadOnIntent } from "../../lib/use-load-on-intent";

/** What the account menu's trigger shows: the initial, the e-mail (from md up) and a chevron. */
export function AccountFace({ email }: { email: string }) {
  return (
    <>
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
    </>
  );
}

export const accountTriggerClass = css({ px: "1.5" });

// Ark's menu machine is fetched when someone reaches for the account menu, not with every page.
const accountMenu = loadOnce(() => import("./account-menu").then((m) => m.AccountMenu));

/** The account menu's trigger, drawn at once; the menu arrives on intent (lib/use-load-on-intent). */
export function AccountButton() {
  const { t } = useLingui();
  const user = useSessionUser();
  const { loaded: AccountMenu, handover, handlers } = useLoadOnIntent(accountMenu);
  if (!user) return null;
  if (AccountMenu) return <AccountMenu user={user} handover={handover} />;
  const email = user.email;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t`Account menu for ${email}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={accountTriggerClass}
      {...handlers}
    >
      <AccountFace email={email} />
    </Button>
  );
}
