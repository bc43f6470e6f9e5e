import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress";

const API_ORIGIN = "http://localhost:3000";

/**
 * `@satsbank/shared` resolves to its TypeScript source by alias rather than by adding the "development"
 * export condition: that condition would also switch other packages (Radix's `is-development`) into their
 * development builds in the production bundle.
 */
export const resolveAlias = [
  {
    find: /^@satsbank\/shared$/,
    replacement: fileURLToPath(new URL("../../packages/shared/src/index.ts", import.meta.url)),
  },
  { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: resolveAlias },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": API_ORIGIN,
      "/healthz": API_ORIGIN,
      "^/dev(/|$)": API_ORIGIN,
    },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The production CSP is `script-src 'self'`: no inline script may be emitted, so no polyfill either.
    modulePreload: { polyfill: false },
    // Hidden: the .map files are written (for decoding error reports) but no bundle names them, and the
    // server never serves them (apps/server/src/plugins/spa.ts).
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
