import { useLingui } from "@lingui/react/macro";
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
import { activateLanguage } from "../../lib/i18n";
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES } from "../../lib/languages";
import { type Handover, useHandoverFocus } from "../../lib/use-load-on-intent";
import { LanguageFace } from "./language-face";
import { LanguageFlag } from "./language-flag";

/** Spec 4: the language changes at once; activateLanguage persists it. Unknown → English. */
export function LanguageMenu({ handover }: { handover?: Handover | undefined }) {
  const { t, i18n } = useLingui();
  const trigger = useHandoverFocus<HTMLButtonElement>(handover);
  const code = isLanguageCode(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  return (
    <MenuRoot positioning={{ placement: "bottom-end" }}>
      <MenuTrigger ref={trigger} asChild>
        <Button variant="ghost" size="sm">
          <LanguageFace />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuRadioItemGroup
          value={code}
          onValueChange={(details) => {
            if (isLanguageCode(details.value)) void activateLanguage(details.value);
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
