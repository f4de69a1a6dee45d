import { useLingui } from "@lingui/react/macro";
import { ChevronDown } from "lucide-react";
import { css } from "styled-system/css";
import { LANGUAGES } from "../../lib/languages";
import { LanguageFlag } from "./language-flag";

export const preferencesBarClass = css({ display: "flex", alignItems: "center", gap: "1" });

/**
 * What the language menu's trigger shows: the flag, the code and a chevron. Named by its content, so the name
 * starts with the code on show (WCAG 2.5.3 Label in Name).
 */
export function LanguageFace() {
  const { t, i18n } = useLingui();
  const current = LANGUAGES.find((language) => language.code === i18n.locale) ?? LANGUAGES[0];
  const name = current.name;
  return (
    <>
      <LanguageFlag code={current.code} />
      <span>{current.code.toUpperCase()}</span>
      <span className={css({ srOnly: true })}>{t`Language: ${name}`}</span>
      <ChevronDown aria-hidden="true" />
    </>
  );
}
