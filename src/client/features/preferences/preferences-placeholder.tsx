import { useLingui } from "@lingui/react";
import { ChevronDown, Moon } from "lucide-react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../lib/languages";
import { LanguageFlag } from "./language-flag";

export const preferencesBarClass = css({ display: "flex", alignItems: "center", gap: "1" });

/** What the language menu's trigger shows: the flag, the code and a chevron. */
export function LanguageFace({ code }: { code: LanguageCode }) {
  return (
    <>
      <LanguageFlag code={code} />
      <span>{code.toUpperCase()}</span>
    </>
  );
}

/**
 * Holds the preferences bar's place, the same size as the bar (the language's own code is drawn), while
 * the menu's code loads after the first paint: a fixed-width box shifted the top bar when the bar arrived.
 */
export function PreferencesPlaceholder() {
  const { i18n } = useLingui();
  const code = isLanguageCode(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  const face = button({ variant: "ghost", size: "sm" });
  return (
    <div aria-hidden="true" className={preferencesBarClass}>
      <div className={face}>
        <LanguageFace code={code} />
        <ChevronDown />
      </div>
      <div className={cx(face, css({ px: "0" }))}>
        <Moon />
      </div>
    </div>
  );
}
