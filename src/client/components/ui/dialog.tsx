import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode, RefObject } from "react";
import { css, cx } from "styled-system/css";
import { dialog } from "styled-system/recipes/dialog";

const styles = dialog();

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** alertdialog for confirmations: the user must answer it. */
  role?: "dialog" | "alertdialog";
  /** Where focus goes on open; for a destructive confirmation, the safe choice. */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
  footer?: ReactNode;
};

/** A modal dialog (Ark): focus trapped inside, Escape closes, focus returns to the trigger. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  role,
  initialFocus,
  children,
  footer,
}: DialogProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      initialFocusEl={initialFocus ? () => initialFocus.current : undefined}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={cx(styles.positioner, css({ p: "4" }))}>
          <ArkDialog.Content
            className={cx(
              styles.content,
              css({
                w: "full",
                maxW: "md",
                minW: "0",
                p: "6",
                display: "flex",
                flexDirection: "column",
                gap: "4",
              }),
            )}
          >
            <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
              <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
              {description ? (
                <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description>
              ) : null}
            </div>
            {children}
            {footer ? (
              <div
                className={css({ display: "flex", justifyContent: "flex-end", gap: "3", flexWrap: "wrap" })}
              >
                {footer}
              </div>
            ) : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
