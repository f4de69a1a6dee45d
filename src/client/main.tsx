import "./index.css";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppContext } from "./app/app-context";
import { preloadRoute } from "./app/app-routes";
import { activateLanguage, storedLanguage } from "./lib/i18n";

/** Ends the current task, so the browser may paint or answer input before start-up's next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  // Evaluating the entry's modules is a long task already: the app's set-up runs in tasks of its own.
  await nextTask();
  // Dev-only Stately inspector (VITE_INSPECT=1); the whole branch is dropped from production builds.
  const inspect = __INSPECT__
    ? (await import("@statelyai/inspect")).createBrowserInspector().inspect
    : undefined;
  const context = createAppContext({ inspect });
  await nextTask();
  // Before the language: a signed-in route marks the signed-in catalog wanted, so the activation brings it.
  const routeReady = preloadRoute(location, context);
  await Promise.all([activateLanguage(storedLanguage()), routeReady]);
  const root = createRoot(document.getElementById("root")!);
  // As a transition the first render yields to the browser every few milliseconds instead of holding the
  // main thread for the whole tree (an urgent first render is one long task).
  startTransition(() => root.render(<App context={context} />));
}

void start();
