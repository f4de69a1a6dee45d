import { Trans } from "@lingui/react/macro";
import { History } from "lucide-react";
import { useId } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { AUDIT_PATH } from "./audit-search";

/** Settings → Activity log: where the owner reads who changed what (the log has its own page). */
export function ActivityLogCard() {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={css({ mb: "6" })}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Activity log</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Assistant keys created and revoked, sign-ins from a new device and every settings change: who, and
            when. No caller data is recorded.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardBody>
        <Link
          href={AUDIT_PATH}
          className={cx(button({ variant: "outline", size: "sm" }), css({ alignSelf: "flex-start" }))}
        >
          <History aria-hidden="true" />
          <Trans>Open the activity log</Trans>
        </Link>
      </CardBody>
    </Card>
  );
}
