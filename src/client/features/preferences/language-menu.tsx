import { useLingui } from "@lingui/react/macro";
import { ChevronDown } from "lucide-react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import {
  MenuContent,
  MenuItemGroupLabel,
  MenuRadioItem,
  MenuRadioItemGroup,
  MenuRoot,
  MenuTrigger,
} from "../../components/ui/menu";
import { toaster } from "../../components/ui/toaster";
import { activateLanguage } from "../../lib/i18n";
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES } from "../../lib/languages";
import { LanguageFlag } from "./language-flag";

/** Spec 4: the language changes at once; activateLanguage persists it. Unknown → English. */
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const code = isLanguageCode(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  const current = LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0];
  const name = current.name;
  return (
    <MenuRoot positioning={{ placement: "bottom-end" }}>
      <MenuTrigger asChild>
        {/* Named by its content, so the name starts with the code on show (WCAG 2.5.3 Label in Name). */}
        <Button variant="ghost" size="sm">
          <LanguageFlag code={current.code} />
          <span>{current.code.toUpperCase()}</span>
          <span className={css({ srOnly: true })}>{t`Language: ${name}`}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuRadioItemGroup
          value={code}
          onValueChange={(details) => {
            if (!isLanguageCode(details.value)) return;
            activateLanguage(details.value).catch(() =>
              // Its messages could not be fetched (offline, or a new version deployed meanwhile).
              toaster.error({
                title: t`The language could not be loaded. Check your connection and try again.`,
              }),
            );
          }}
        >
          <MenuItemGroupLabel>{t`Language`}</MenuItemGroupLabel>
          {LANGUAGES.map((language) => (
            <MenuRadioItem key={language.code} value={language.code} lang={language.code}>
              <LanguageFlag code={language.code} />
              <span>{language.name}</span>
              <span
                className={css({ color: "fg.muted", textTransform: "uppercase", ms: "auto", fontSize: "xs" })}
              >
                {language.code}
              </span>
            </MenuRadioItem>
          ))}
        </MenuRadioItemGroup>
      </MenuContent>
    </MenuRoot>
  );
}
