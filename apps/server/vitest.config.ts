import { configDefaults, defineProject } from "vitest/config";

/**
 * Test files that replace a module with `vi.mock`: a mock applies only where the module is imported
 * fresh, so these run in the "server-isolated" project (vitest.isolated.config.ts), each file in a module
 * registry of its own. Every other server test file shares its worker's modules with the files before it.
 */
export const MOCKING_TEST_FILES = ["src/test/security/attacks.test.ts"];

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    // Soak tests (minutes, not seconds) run only in `npm run test:soak` (vitest.soak.config.ts).
    exclude: [...configDefaults.exclude, "src/**/*.soak.test.ts", ...MOCKING_TEST_FILES],
    environment: "node",
    // Without isolation a worker imports the server's modules once, not once per test file: on two cores
    // the suites on PostgreSQL went from 208 s (100 s of it importing) to 109 s (12 s). This relies on
    // test files keeping no state in modules (each builds its own app on its own database); shuffled file
    // orders passed.
    isolate: false,
    // PGlite boots a WASM PostgreSQL per test file: seconds, not milliseconds.
    testTimeout: 20000,
    hookTimeout: 30000,
    globalSetup: ["./src/test/global-setup.ts"],
  },
  // @satsbank/shared exports its TypeScript source under "development": tests run it without a build.
  resolve: { conditions: ["development"] },
});
