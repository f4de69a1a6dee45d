/// <reference types="vite/client" />

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** True only in a dev build started with VITE_INSPECT=1 (see README). */
declare const __INSPECT__: boolean;
