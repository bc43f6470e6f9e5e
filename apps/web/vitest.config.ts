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
    restoreMocks: true,
    unstubGlobals: true,
  },
});
