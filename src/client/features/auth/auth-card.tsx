import { type ReactNode, useEffect } from "react";
import { css } from "styled-system/css";
import { Card, CardBody, CardFooter, CardHeader } from "../../components/ui/card";
import { Heading } from "../../components/ui/heading";
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
