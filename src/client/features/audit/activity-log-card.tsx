import { Trans } from "@lingui/react/macro";
import { History } from "lucide-react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { CardBody } from "../../components/ui/card";
import { SettingsCard } from "../settings/settings-card";
import { AUDIT_PATH } from "./audit-search";

/** Settings → Activity log: where the owner reads who changed what (the log has its own page). */
export function ActivityLogCard() {
  return (
    <SettingsCard
      title={<Trans>Activity log</Trans>}
      description={
        <Trans>
          Assistant keys created and revoked, sign-ins from a new device and every settings change: who, and
          when. No caller data is recorded.
        </Trans>
      }
    >
      <CardBody>
        <Link
          href={AUDIT_PATH}
          className={cx(button({ variant: "outline", size: "sm" }), css({ alignSelf: "flex-start" }))}
        >
          <History aria-hidden="true" />
          <Trans>Open the activity log</Trans>
        </Link>
      </CardBody>
    </SettingsCard>
  );
}
