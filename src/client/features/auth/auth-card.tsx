import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect } from "react";
import { css } from "styled-system/css";
import { Card, CardBody, CardFooter, CardHeader } from "../../components/ui/card";
import { Heading } from "../../components/ui/heading";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";

type AuthCardProps = { title: string; description: ReactNode; children: ReactNode; footer: ReactNode };

export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Card className={css({ w: "full", maxW: "md" })}>
      <CardHeader>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text muted size="sm">
          {description}
        </Text>
      </CardHeader>
      <CardBody>{children}</CardBody>
      <CardFooter className={css({ justifyContent: "center", fontSize: "sm", color: "fg.muted", gap: "1" })}>
        {footer}
      </CardFooter>
    </Card>
  );
}

/**
 * While the session is checked: the card's outline, its fields and button where they will be, so the
 * form takes the skeleton's place without a jump.
 */
export function AuthCardSkeleton({ fields }: { fields: number }) {
  return (
    <Card aria-busy="true" data-skeleton="auth" className={css({ w: "full", maxW: "md" })}>
      <CardHeader>
        <span role="status" className={css({ srOnly: true })}>
          <Trans>Loading…</Trans>
        </span>
        <Skeleton className={css({ h: "8", w: "3/4" })} />
        <Skeleton className={css({ h: "5", w: "full" })} />
      </CardHeader>
      <CardBody className={css({ gap: "4" })}>
        {Array.from({ length: fields }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order.
          <div key={index} className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
            <Skeleton className={css({ h: "5", w: "24" })} />
            <Skeleton className={css({ h: "10", w: "full" })} />
          </div>
        ))}
        <Skeleton className={css({ h: "11", w: "full", mt: "2" })} />
      </CardBody>
      <CardFooter className={css({ justifyContent: "center" })}>
        <Skeleton className={css({ h: "5", w: "60" })} />
      </CardFooter>
    </Card>
  );
}
