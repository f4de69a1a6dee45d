import { createToaster, type ToastOptions } from "@ark-ui/react/toast";
import { lazy, Suspense } from "react";

const store = createToaster({ placement: "bottom-end", max: 1, duration: 5000, overlap: false });
const create = store.create;

/**
 * Spec 4/9: one toast visible at a time, 5 s by default; types success, info, warning, error,
 * loading and default. Zag knows no "default" type and would throw computing its queue priority,
 * so it gets the lowest one here.
 */
export const toaster = Object.assign(store, {
  create: (options: ToastOptions) =>
    create(
      options.type === "default" && options.priority === undefined ? { ...options, priority: 8 } : options,
    ),
  default: (options: Omit<ToastOptions, "type">) => create({ ...options, type: "default", priority: 8 }),
});

// The store is tiny; its view (the toast machines) loads after the first paint. Toasts created
// before it mounts wait in the store and show once it arrives.
const ToastRegion = lazy(() => import("./toast-region"));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastRegion toaster={toaster} />
    </Suspense>
  );
}
