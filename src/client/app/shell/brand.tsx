import { Trans } from "@lingui/react/macro";
import { Headset } from "lucide-react";
import { css, cx } from "styled-system/css";

/** Product name and the "Admin Portal" label (spec 2); labels collapse to the mark alone. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className={css({ display: "flex", alignItems: "center", gap: "2.5", minW: "0" })}>
      <span
        aria-hidden="true"
        className={css({
          display: "grid",
          placeItems: "center",
          w: "8",
          h: "8",
          flexShrink: "0",
          borderRadius: "l2",
          bg: "indigo.9",
          color: "white",
        })}
      >
        <Headset className={css({ w: "4", h: "4" })} />
      </span>
      <span
        className={cx(
          css({ display: "flex", flexDirection: "column", minW: "0" }),
          compact && css({ srOnly: true }),
        )}
      >
        <span className={css({ fontSize: "md", fontWeight: "semibold", lineHeight: "1.2" })}>CallDesk</span>
        <span className={css({ fontSize: "xs", fontWeight: "normal", color: "fg.muted", lineHeight: "1.2" })}>
          <Trans>Admin Portal</Trans>
        </span>
      </span>
    </span>
  );
}
