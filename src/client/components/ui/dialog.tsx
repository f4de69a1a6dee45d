import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import type { ComponentProps } from "react";
import { css, cx } from "styled-system/css";
import { createStyleContext } from "styled-system/jsx";
import { dialog } from "styled-system/recipes/dialog";

// A modal dialog (Ark): focus trapped inside, Escape closes, focus returns to the trigger.
// Screens use AppDialog (app-dialog.tsx), which composes these parts; a dialog's actions go in Footer.
const { withRootProvider, withContext } = createStyleContext(dialog);

/** role="alertdialog" for confirmations; initialFocusEl for the safe choice of a destructive one. */
export const Root = withRootProvider(ArkDialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Trigger = withContext(ArkDialog.Trigger, "trigger");
export const Backdrop = withContext(ArkDialog.Backdrop, "backdrop");
export const Positioner = withContext(ArkDialog.Positioner, "positioner");
export const Content = withContext(ArkDialog.Content, "content");
export const Title = withContext(ArkDialog.Title, "title");
export const Description = withContext(ArkDialog.Description, "description");
export const CloseTrigger = withContext(ArkDialog.CloseTrigger, "closeTrigger");

const header = css({ display: "flex", flexDirection: "column", gap: "1" });
const footer = css({ display: "flex", justifyContent: "flex-end", gap: "3", flexWrap: "wrap" });

/** Title and description, stacked. */
export function Header({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(header, className)} {...props} />;
}

/** The actions, at the end. */
export function Footer({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(footer, className)} {...props} />;
}
