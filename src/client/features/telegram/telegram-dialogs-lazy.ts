import { lazy } from "react";

// The connect steps and the disconnect question (Ark's dialog and steps) are not needed to show the card:
// their code is fetched when their button is pointed at or focused, before it is pressed.
const loadConnectDialog = () =>
  import("./telegram-connect-dialog").then((m) => ({ default: m.TelegramConnectDialog }));
const loadDisconnectDialog = () =>
  import("./telegram-disconnect-dialog").then((m) => ({ default: m.TelegramDisconnectDialog }));

export const LazyTelegramConnectDialog = lazy(loadConnectDialog);
export const LazyTelegramDisconnectDialog = lazy(loadDisconnectDialog);

export const preloadTelegramConnectDialog = () => void loadConnectDialog();
export const preloadTelegramDisconnectDialog = () => void loadDisconnectDialog();
