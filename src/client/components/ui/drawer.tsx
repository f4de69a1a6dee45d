import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { type DrawerVariantProps, drawer } from "styled-system/recipes/drawer";
import { IconButton } from "./icon-button";

type DrawerProps = DrawerVariantProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Accessible name of the close button. */
  closeLabel: string;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  width?: string;
  children: ReactNode;
};

// A title longer than the sheet (one long name on a phone) breaks instead of pushing the close button out.
const titleWraps = css({ minW: "0", overflowWrap: "anywhere" });

/** A side sheet: a modal dialog sliding in from an edge, with focus trapped and Escape to close. */
export function Drawer({
  open,
  onOpenChange,
  title,
  closeLabel,
  hideTitle,
  variant = "left",
  width,
  children,
}: DrawerProps) {
  const styles = drawer({ variant });
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner} style={width ? { width } : undefined}>
          <Dialog.Content className={cx(styles.content, css({ gridTemplateRows: "auto 1fr" }))}>
            <div className={cx(styles.header, css({ flexDirection: "row", alignItems: "center" }))}>
              <Dialog.Title className={cx(styles.title, titleWraps, hideTitle && css({ srOnly: true }))}>
                {title}
              </Dialog.Title>
              <Dialog.CloseTrigger asChild>
                <IconButton variant="ghost" size="sm" aria-label={closeLabel} className={css({ ms: "auto" })}>
                  <X aria-hidden="true" />
                </IconButton>
              </Dialog.CloseTrigger>
            </div>
            <div className={cx(styles.body, css({ p: "0" }))}>{children}</div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
