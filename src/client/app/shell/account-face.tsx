import { ChevronDown } from "lucide-react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Avatar } from "../../components/ui/avatar";
import { useSessionUser } from "../../features/session/session-context";

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

/** Holds the trigger's place, looking the same, while the menu's code loads; not interactive. */
export function AccountPlaceholder() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <div aria-hidden="true" className={cx(button({ variant: "ghost", size: "sm" }), accountTriggerClass)}>
      <AccountFace email={user.email} />
    </div>
  );
}
