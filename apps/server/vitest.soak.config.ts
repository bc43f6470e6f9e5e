import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import server from "./vitest.config.js";

// `npm run test:soak`: the server's long fault tests (`*.soak.test.ts`), which `npm test` leaves out.
// The server suites' setup (global setup, conditions, timeouts), one file at a time, each test given
// minutes.
export default defineConfig({
  ...server,
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    ...server.test,
    name: "server-soak",
    include: ["src/**/*.soak.test.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 600_000,
    maxWorkers: 1,
  },
});
