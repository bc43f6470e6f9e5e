import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { resolveAlias } from "./vite.config.ts";

export default defineProject({
  plugins: [react()],
  resolve: { alias: resolveAlias },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // Without isolation a worker imports React, the router and the app's modules once instead of once per
    // test file (90 s -> 35 s on two cores). This relies on what src/test/setup.ts resets after each test
    // (the DOM, the API stub, toasts, storage), and on no test file mocking a module (vi.mock needs a
    // fresh import); shuffled file orders passed.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
