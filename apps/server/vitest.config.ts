import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    // Soak tests (minutes, not seconds) run only in `npm run test:soak` (vitest.soak.config.ts).
    exclude: [...configDefaults.exclude, "src/**/*.soak.test.ts"],
    environment: "node",
    // PGlite boots a WASM PostgreSQL per test file: seconds, not milliseconds.
    testTimeout: 20000,
    hookTimeout: 30000,
    globalSetup: ["./src/test/global-setup.ts"],
  },
  // @satsbank/shared exports its TypeScript source under "development": tests run it without a build.
  resolve: { conditions: ["development"] },
});
