import { Portal } from "@ark-ui/react/portal";
import type { FormEvent, ReactNode, Ref } from "react";
import { css, cx } from "styled-system/css";
import * as Dialog from "./dialog";

type AppDialogProps = {
  open: boolean;
  /** Escape, the backdrop or the close button asked to close; the owner decides whether it may. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Where focus goes on closing, when not back to what opened the dialog (it may be gone by then). */
  finalFocus?: (() => HTMLElement | null) | undefined;
  /** First focus, when not the first focusable element (the safe choice of a confirmation). */
  initialFocus?: (() => HTMLElement | null) | undefined;
  /** "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
  /** The widest it grows (the recipe's own width when not given). */
  width?: keyof typeof widths;
  contentRef?: Ref<HTMLDivElement>;
  children: ReactNode;
};

// A tall form scrolls inside the dialog rather than running off a short screen.
const fitsScreen = css({ maxH: "calc(100dvh - 2rem)", overflowY: "auto" });
const widths = { md: css({ maxW: "md" }), lg: css({ maxW: "lg" }), "2xl": css({ maxW: "2xl" }) };

/** The modal dialog every screen uses: backdrop, title and description, then the owner's content. */
export function AppDialog({
  open,
  onClose,
  title,
  description,
  finalFocus,
  initialFocus,
  role,
  width,
  contentRef,
  children,
}: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role={role}
      initialFocusEl={initialFocus}
      finalFocusEl={finalFocus}
      onOpenChange={({ open: next }) => {
        if (!next) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={contentRef} className={cx(fitsScreen, width && widths[width])}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
              {description === undefined ? null : <Dialog.Description>{description}</Dialog.Description>}
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type DialogFormProps = {
  /** The form's accessible name (the dialog's title). */
  label: string;
  /** A save is on its way (aria-busy). */
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Room between the parts: "loose" for a form of sections. */
  spacing?: "tight" | "loose";
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
};

const formSpacing = {
  tight: css({ display: "flex", flexDirection: "column", gap: "4" }),
  loose: css({ display: "flex", flexDirection: "column", gap: "6" }),
};

/** A dialog's form: the browser's own validation off (the form shows its messages), the parts stacked. */
export function DialogForm({ label, busy, onSubmit, spacing = "tight", formRef, children }: DialogFormProps) {
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
      className={formSpacing[spacing]}
    >
      {children}
    </form>
  );
}
