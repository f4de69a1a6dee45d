import { type ReactNode, useId } from "react";
import { css } from "styled-system/css";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

/**
 * One of the cards stacked on the settings page below the company form (each feature brings its own): a
 * section named by its title, what it is for under it, then its body (a CardBody the card shapes itself).
 */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={css({ mb: "6" })}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
