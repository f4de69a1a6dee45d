import { cpSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

/**
 * The server as `npm start` runs it: our code in one ES module for Node, every package left to node_modules
 * (native argon2, PGlite's WebAssembly and the lazily loaded S3 SDK load from there as they are).
 * Node then runs plain JavaScript: no TypeScript loader in the server's process, about 40 MB less resident
 * memory, and a start that compiles nothing.
 */
export default defineConfig({
  root: ".",
  publicDir: false,
  resolve: { tsconfigPaths: true },
  plugins: [databaseFilesBeside()],
  build: {
    ssr: "src/server/main.ts",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    // Unminified, so a stack trace in the server's log names our functions and lines a reader can follow.
    minify: false,
  },
});

/**
 * The migrations and the SQL functions are read from disk beside the code that applies them
 * (`new URL("./migrations", import.meta.url)`): the bundle gets copies beside it.
 */
function databaseFilesBeside(): Plugin {
  return {
    name: "database-files-beside",
    apply: "build",
    writeBundle() {
      for (const folder of ["migrations", "functions"])
        cpSync(`src/server/db/${folder}`, `dist/server/${folder}`, { recursive: true });
    },
  };
}
