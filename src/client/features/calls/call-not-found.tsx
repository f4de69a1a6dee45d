import { Trans, useLingui } from "@lingui/react/macro";
import { SearchX } from "lucide-react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { Card, CardBody } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { Text } from "../../components/ui/text";

export function CallNotFound({ backHref }: { backHref: string }) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Call not found`} />
      <Card>
        <CardBody className={css({ alignItems: "center", textAlign: "center", gap: "3", py: "12", px: "6" })}>
          <SearchX aria-hidden="true" className={css({ w: "8", h: "8", color: "fg.muted" })} />
          <Text muted className={css({ maxW: "md" })}>
            <Trans>This call does not exist, or it belongs to another business.</Trans>
          </Text>
          <Link
            href={backHref}
            className={css({ color: "indigo.11", fontWeight: "medium", textDecoration: "underline" })}
          >
            <Trans>Back to calls</Trans>
          </Link>
        </CardBody>
      </Card>
    </>
  );
}
