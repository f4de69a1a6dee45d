import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";

export const MAIN_CONTENT_ID = "main-content";

/** First stop for keyboard users: jumps past the navigation; visible only while focused. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus without touching the URL: wouter routes on the path and the hash would linger.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className={css({
        position: "fixed",
        top: "2",
        left: "2",
        zIndex: "skipLink",
        px: "4",
        py: "2",
        borderRadius: "l2",
        bg: "bg.default",
        color: "fg.default",
        fontWeight: "semibold",
        boxShadow: "lg",
        transform: "translateY(-200%)",
        _focusVisible: { transform: "none", outline: "2px solid", outlineColor: "indigo.9" },
      })}
    >
      <Trans>Skip to content</Trans>
    </a>
  );
}
