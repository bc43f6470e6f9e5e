import { defineConfig } from "vitest/config";

// One Vitest run, three projects: `npm run test:unit` runs shared + web, `npm run test:server` the server suites.
export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/web", "apps/server"],
  },
});
