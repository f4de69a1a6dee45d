import { useLingui } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Drawer } from "../../components/ui/drawer";
import { Brand } from "./brand";
import { useSidebar } from "./sidebar-context";
import { SidebarNav } from "./sidebar-nav";

/** Below 768 px: the same entries in an 18rem side sheet that closes on navigation. */
export function MobileSidebar() {
  const { t } = useLingui();
  const { sheetOpen, setSheetOpen } = useSidebar();
  return (
    <Drawer
      open={sheetOpen}
      onOpenChange={setSheetOpen}
      title={<Brand />}
      closeLabel={t`Close navigation`}
      variant="left"
      width="min(var(--sizes-sidebar-mobile), 100vw)"
    >
      <nav aria-label={t`Main navigation`} className={css({ p: "2" })}>
        <SidebarNav onNavigate={() => setSheetOpen(false)} />
      </nav>
    </Drawer>
  );
}
