import { preloadable } from "../../lib/preloadable";

// The connect steps and the disconnect question (Ark's dialog and steps) are not needed to show the card:
// their code is fetched when their button is pointed at or focused, before it is pressed.
const loadConnectDialog = () =>
  import("./telegram-connect-dialog").then((m) => ({ default: m.TelegramConnectDialog }));
const loadDisconnectDialog = () =>
  import("./telegram-disconnect-dialog").then((m) => ({ default: m.TelegramDisconnectDialog }));

export const LazyTelegramConnectDialog = preloadable(loadConnectDialog);
export const LazyTelegramDisconnectDialog = preloadable(loadDisconnectDialog);

export const preloadTelegramConnectDialog = () => void LazyTelegramConnectDialog.preload();
export const preloadTelegramDisconnectDialog = () => void LazyTelegramDisconnectDialog.preload();
