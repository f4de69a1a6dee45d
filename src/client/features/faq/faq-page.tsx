import { Trans, useLingui } from "@lingui/react/macro";
import { MessageCircleQuestion } from "lucide-react";
import { css } from "styled-system/css";
import { Card, CardBody } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { Text } from "../../components/ui/text";

/** Spec 1/2: a static placeholder until the FAQ tools exist. */
export function FaqPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t({ id: "nav.faq", message: "FAQ" })} />
      <Card>
        <CardBody className={css({ alignItems: "center", textAlign: "center", gap: "3", py: "12", px: "6" })}>
          <MessageCircleQuestion aria-hidden="true" className={css({ w: "8", h: "8", color: "fg.muted" })} />
          <Text muted className={css({ maxW: "md" })}>
            <Trans>Multi-language FAQ tools will be implemented here.</Trans>
          </Text>
        </CardBody>
      </Card>
    </>
  );
}
