import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` diffs the schema against the migration history; it needs no database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema",
  out: "./src/server/db/migrations",
});
