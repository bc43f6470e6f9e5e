import { defineConfig } from "drizzle-kit";

// Migrations are generated against the schema and committed; the server applies them at start-up. The
// sandbox node's tables are in src/dev/ (left out of a production build), but in the one set of
// migrations: a production database holds them, empty.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/db/schema/index.ts", "./src/dev/sandbox/schema.ts"],
  out: "./drizzle",
  strict: true,
  verbose: true,
});
