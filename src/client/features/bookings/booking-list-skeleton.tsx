import { css } from "styled-system/css";
import { Skeleton } from "../../components/ui/skeleton";

/** Spec 2: pulse rows while the first page loads (the card's description says so in words). */
export function BookingListSkeleton() {
  return (
    <ul aria-hidden="true" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      {[0, 1, 2, 3, 4].map((index) => (
        <li
          key={index}
          className={css({ display: "flex", alignItems: "center", gap: "4", py: "3", flexWrap: "wrap" })}
        >
          <div
            className={css({ flex: "1", display: "flex", flexDirection: "column", gap: "2", minW: "8rem" })}
          >
            <Skeleton className={css({ h: "4", w: "32" })} />
            <Skeleton className={css({ h: "3", w: "24" })} />
          </div>
          <Skeleton className={css({ h: "4", w: "28" })} />
          <Skeleton className={css({ h: "4", w: "32" })} />
          <Skeleton className={css({ h: "5", w: "20" })} />
        </li>
      ))}
    </ul>
  );
}
