import { Button } from "../../components/ui/button";
import { loadOnce } from "../../lib/load-once";
import { useLoadOnIntent } from "../../lib/use-load-on-intent";
import { LanguageFace } from "./language-face";

// Ark's menu machine is fetched when someone reaches for the picker, not with every page.
const languageMenu = loadOnce(() => import("./language-menu").then((m) => m.LanguageMenu));

/** The language menu's trigger, drawn at once; the menu itself arrives on intent (lib/use-load-on-intent). */
export function LanguagePicker() {
  const { loaded: LanguageMenu, handover, handlers } = useLoadOnIntent(languageMenu);
  if (LanguageMenu) return <LanguageMenu handover={handover} />;
  return (
    <Button variant="ghost" size="sm" aria-haspopup="menu" aria-expanded={false} {...handlers}>
      <LanguageFace />
    </Button>
  );
}
