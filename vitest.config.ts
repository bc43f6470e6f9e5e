import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One Vitest run, five projects: `npm run test:unit` runs shared + verify + web, `npm run test:server` the server
// suites ("server", and "server-isolated" for the files that mock a module: apps/server/vitest.config.ts).
export default defineConfig({
  test: {
    projects: [
      "packages/shared",
      "packages/verify",
      "apps/web",
      "apps/server",
      "apps/server/vitest.isolated.config.ts",
    ],
    // Vitest keeps one core free by default: on a 2-core machine (CI's) that is a single worker, while a
    // server test file spends much of its time waiting on its database. Two workers there: the whole run
    // 348 -> 218 s, the suites on PostgreSQL 212 -> 110 s. Larger machines keep Vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
