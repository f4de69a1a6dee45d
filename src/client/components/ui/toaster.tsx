import { Toaster as ArkToaster, createToaster, Toast } from "@ark-ui/react/toast";

/** Spec 9: one toast visible at a time, 5 s by default. */
export const toaster = createToaster({ placement: "bottom-end", max: 1, duration: 5000, overlap: false });

export function Toaster() {
  return (
    <ArkToaster toaster={toaster}>
      {(toast) => (
        <Toast.Root key={toast.id}>
          <Toast.Title>{toast.title}</Toast.Title>
          <Toast.Description>{toast.description}</Toast.Description>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
