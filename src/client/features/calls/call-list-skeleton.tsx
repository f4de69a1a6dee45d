import { css } from "styled-system/css";
import { Skeleton } from "../../components/ui/skeleton";

/** Spec 2: five placeholder rows while the first page loads (the card's description says so). */
export function CallListSkeleton() {
  return (
    <ul aria-hidden="true" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      {[0, 1, 2, 3, 4].map((index) => (
        <li
          key={index}
          className={css({ display: "flex", alignItems: "center", gap: "3", py: "3", px: "3" })}
        >
          <div className={css({ flex: "1", display: "flex", flexDirection: "column", gap: "2" })}>
            <Skeleton className={css({ h: "4", w: "36" })} />
            <Skeleton className={css({ h: "3", w: "56", maxW: "full" })} />
          </div>
          <Skeleton className={css({ h: "5", w: "24" })} />
        </li>
      ))}
    </ul>
  );
}
