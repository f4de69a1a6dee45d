import { Trans } from "@lingui/react/macro";
import { Construction } from "lucide-react";
import { css } from "styled-system/css";
import { Card, CardBody } from "./ui/card";
import { Text } from "./ui/text";

/** An honest placeholder for a section whose data is not wired yet: no sample figures. */
export function ComingSoonCard() {
  return (
    <Card>
      <CardBody className={css({ alignItems: "center", textAlign: "center", gap: "3", py: "12", px: "6" })}>
        <Construction aria-hidden="true" className={css({ w: "8", h: "8", color: "fg.muted" })} />
        <Text className={css({ fontWeight: "semibold" })}>
          <Trans>Coming soon</Trans>
        </Text>
        <Text muted size="sm" className={css({ maxW: "md" })}>
          <Trans>This section is still being built. Your data will appear here as soon as it is ready.</Trans>
        </Text>
      </CardBody>
    </Card>
  );
}
