import type { ReactNode } from "react";
import { css } from "styled-system/css";
import type { LanguageCode } from "../../lib/languages";

// Flags drawn in a 3×2 box, simplified to what stays recognisable at 20 px (no coats of arms).
// Emoji flags do not render on Windows (two letters instead) nor on Linux without an emoji font.
const stripes = (colors: readonly string[], vertical = false) =>
  colors.map((fill, index) =>
    vertical ? (
      <rect key={fill} x={(3 / colors.length) * index} width={3 / colors.length} height="2" fill={fill} />
    ) : (
      <rect key={fill} y={(2 / colors.length) * index} width="3" height={2 / colors.length} fill={fill} />
    ),
  );

const drawings: Record<LanguageCode, ReactNode> = {
  // The Union Jack without its counterchanged diagonals.
  en: (
    <>
      <rect width="3" height="2" fill="#012169" />
      <path d="M0 0L3 2M3 0L0 2" stroke="#fff" strokeWidth="0.4" />
      <path d="M0 0L3 2M3 0L0 2" stroke="#c8102e" strokeWidth="0.14" />
      <path d="M1.5 0V2M0 1H3" stroke="#fff" strokeWidth="0.6" />
      <path d="M1.5 0V2M0 1H3" stroke="#c8102e" strokeWidth="0.34" />
    </>
  ),
  pl: stripes(["#fff", "#dc143c"]),
  fr: stripes(["#0055a4", "#fff", "#ef4135"], true),
  de: stripes(["#000", "#dd0000", "#ffce00"]),
  es: (
    <>
      <rect width="3" height="2" fill="#aa151b" />
      <rect y="0.5" width="3" height="1" fill="#f1bf00" />
    </>
  ),
  nl: stripes(["#ae1c28", "#fff", "#21468b"]),
};

const flag = css({
  flexShrink: "0",
  w: "5",
  h: "3.5",
  borderRadius: "1px",
  // A hairline keeps white stripes apart from a white background.
  outline: "1px solid",
  outlineColor: "border.subtle",
  outlineOffset: "-1px",
});

/** A language's flag, decorative: the language's name is always shown beside it. */
export function LanguageFlag({ code }: { code: LanguageCode }) {
  return (
    <svg viewBox="0 0 3 2" preserveAspectRatio="none" aria-hidden="true" focusable="false" className={flag}>
      {drawings[code]}
    </svg>
  );
}
