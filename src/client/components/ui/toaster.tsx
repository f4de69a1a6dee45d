import { createToaster, type ToastOptions } from "@ark-ui/react/toast";
import { Suspense, useEffect, useState } from "react";
import { preloadable } from "../../lib/preloadable";

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

// The store is tiny; its view (the toast machines) is fetched and started with the first toast, not with
// every page: toasts created before it mounts wait in the store and show once it arrives.
const ToastRegion = preloadable(() => import("./toast-region"));

export function Toaster() {
  const [wanted, setWanted] = useState(() => store.getCount() > 0);
  useEffect(() => {
    if (wanted) return;
    // A toast may have been created between the first render and this subscription.
    if (store.getCount() > 0) setWanted(true);
    return store.subscribe(() => setWanted(true));
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion toaster={toaster} />
    </Suspense>
  );
}
