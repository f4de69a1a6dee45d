import { defineConfig } from "@lingui/conf";

/**
 * The sources whose messages can show before anyone signs in: the files the entry chunk is built from,
 * and what it loads lazily outside the signed-in area. Their catalog (`public`) loads at start; the much
 * larger rest (`signed-in`) loads with the signed-in area, so the sign-in page does not carry it.
 * tests/client/catalog-split.test.ts fails when a file that needs to be here is not.
 */
export const PUBLIC_SOURCES = [
  "src/client/app/app-context.ts",
  "src/client/app/page-load-boundary.tsx",
  "src/client/app/page-skeleton.tsx",
  "src/client/app/shell/brand.tsx",
  "src/client/components/failure-text.tsx",
  "src/client/components/load-error-alert.tsx",
  "src/client/components/ui/toaster.tsx",
  "src/client/features/auth",
  "src/client/features/preferences",
  "src/client/lib",
];

const inRoot = (path: string) => `<rootDir>/${path}`;
/** Exclusions are glob patterns: a folder is left out with everything below it. */
const allOf = (path: string) => (/\.tsx?$/.test(path) ? inRoot(path) : `${inRoot(path)}/**`);

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "pl", "fr", "de", "es", "nl"],
  fallbackLocales: { default: "en" },
  catalogs: [
    { path: "<rootDir>/locales/{locale}/public", include: PUBLIC_SOURCES.map(inRoot) },
    {
      path: "<rootDir>/locales/{locale}/signed-in",
      include: ["<rootDir>/src/client"],
      exclude: PUBLIC_SOURCES.map(allOf),
    },
    // The server's own messages (Telegram notifications), compiled by `npm run i18n:server`.
    { path: "<rootDir>/locales/{locale}/server", include: ["<rootDir>/src/server"] },
  ],
  format: "po",
  orderBy: "messageId",
});
