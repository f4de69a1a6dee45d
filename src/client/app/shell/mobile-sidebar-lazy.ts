import { preloadable } from "../../lib/preloadable";

// The side sheet (Ark's dialog machine) is fetched when the menu button is reached for, and mounted on the
// first open: a phone's first page load carries none of it.
const load = () => import("./mobile-sidebar").then((m) => ({ default: m.MobileSidebar }));

export const LazyMobileSidebar = preloadable(load);

/** Starts fetching the side sheet's code (pointer over or focus on its button). */
export const preloadMobileSidebar = () => void LazyMobileSidebar.preload();
