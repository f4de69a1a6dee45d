import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Card, CardBody } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";

type KpiCardProps = {
  title: ReactNode;
  icon: LucideIcon;
  /** Undefined while loading: a skeleton, never a misleading zero. */
  value: ReactNode | undefined;
  detail?: ReactNode;
};

export function KpiCard({ title, icon: Icon, value, detail }: KpiCardProps) {
  const loading = value === undefined;
  return (
    <Card aria-busy={loading || undefined}>
      <CardBody className={css({ gap: "2", pt: "5" })}>
        <div
          className={css({
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: "2",
          })}
        >
          <h2 className={css({ fontSize: "sm", fontWeight: "medium", color: "fg.muted" })}>{title}</h2>
          <Icon aria-hidden="true" className={css({ w: "4", h: "4", color: "fg.muted" })} />
        </div>
        {loading ? (
          // Each bar in a box as tall as the line it stands for, so the figures take its place without a shift.
          <>
            <div aria-hidden="true" className={css({ h: "9", display: "flex", alignItems: "center" })}>
              <Skeleton className={css({ h: "8", w: "16" })} />
            </div>
            <div aria-hidden="true" className={css({ h: "5", display: "flex", alignItems: "center" })}>
              <Skeleton className={css({ h: "3", w: "40" })} />
            </div>
          </>
        ) : (
          <>
            {/* A figure, not a paragraph: a big bold <p> over a smaller one reads as a fake heading to axe's p-as-heading. */}
            <div
              className={css({
                fontSize: "3xl",
                fontWeight: "bold",
                lineHeight: "1.2",
                fontVariantNumeric: "tabular-nums",
              })}
            >
              {value}
            </div>
            {detail ? <p className={css({ fontSize: "sm", color: "fg.muted" })}>{detail}</p> : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}
