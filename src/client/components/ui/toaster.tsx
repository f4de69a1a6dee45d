import { Toaster as ArkToaster, createToaster, Toast, type ToastOptions } from "@ark-ui/react/toast";
import { useLingui } from "@lingui/react/macro";
import { CircleAlert, CircleCheck, Info, LoaderCircle, TriangleAlert, X } from "lucide-react";
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { toast as toastRecipe } from "styled-system/recipes/toast";
import { IconButton } from "./icon-button";

const store = createToaster({ placement: "bottom-end", max: 1, duration: 5000, overlap: false });
const zagCreate = store.create;

/**
 * Spec 4/9: one toast visible at a time, 5 s by default. The newest is the one shown: the one showing leaves
 * (as it would at the end of its 5 s) for it, where Zag would hold it in a queue and show it seconds after the
 * action it answers. A toast updated by its id stays. Types success, info, warning, error, loading and
 * default: Zag knows no "default" type and would throw computing its queue priority, so it gets the lowest.
 */
const create = (options: ToastOptions) => {
  for (const shown of store.getVisibleToasts())
    if (shown.id !== undefined && shown.id !== options.id) store.dismiss(shown.id);
  return zagCreate(
    options.type === "default" && options.priority === undefined ? { ...options, priority: 8 } : options,
  );
};

type Typed = (options: Omit<ToastOptions, "type">) => string;
const typed =
  (type: string): Typed =>
  (options) =>
    create({ ...options, type });

// Zag's own success(), error()… call its create directly: each goes through the one above instead.
export const toaster = Object.assign(store, {
  create,
  success: typed("success"),
  error: typed("error"),
  info: typed("info"),
  warning: typed("warning"),
  loading: typed("loading"),
  default: typed("default"),
});

const styles = toastRecipe();

const iconClass = css({ w: "5", h: "5", flexShrink: "0", mt: "0.5" });

const icons: Record<string, ReactNode> = {
  success: <CircleCheck aria-hidden="true" className={cx(iconClass, css({ color: "green.11" }))} />,
  info: <Info aria-hidden="true" className={cx(iconClass, css({ color: "indigo.11" }))} />,
  warning: <TriangleAlert aria-hidden="true" className={cx(iconClass, css({ color: "amber.11" }))} />,
  error: <CircleAlert aria-hidden="true" className={cx(iconClass, css({ color: "fg.error" }))} />,
  loading: (
    <LoaderCircle
      aria-hidden="true"
      className={cx(
        iconClass,
        css({ color: "fg.muted", animation: "spin", _motionReduce: { animation: "none" } }),
      )}
    />
  ),
};

const accentByType: Record<string, string> = {
  success: css({ borderInlineStartColor: "green.9" }),
  info: css({ borderInlineStartColor: "indigo.9" }),
  warning: css({ borderInlineStartColor: "amber.9" }),
  error: css({ borderInlineStartColor: "red.9" }),
  loading: css({ borderInlineStartColor: "border.default" }),
};

/** The toast view: a polite live region (zag's group) holding the one visible toast. */
export function Toaster() {
  const { t } = useLingui();
  return (
    <ArkToaster toaster={toaster} aria-label={t`Notifications`}>
      {(toast) => (
        <Toast.Root
          className={cx(
            styles.root,
            css({
              display: "flex",
              gap: "3",
              pe: "12",
              borderWidth: "1px",
              borderInlineStartWidth: "4px",
              maxW: "calc(100vw - 2rem)",
            }),
            accentByType[toast.type ?? ""],
          )}
        >
          {icons[toast.type ?? ""] ?? null}
          <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
            {toast.title ? <Toast.Title className={styles.title}>{toast.title}</Toast.Title> : null}
            {toast.description ? (
              <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.CloseTrigger asChild className={styles.closeTrigger}>
            <IconButton variant="ghost" size="xs" aria-label={t`Close notification`}>
              <X aria-hidden="true" />
            </IconButton>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
