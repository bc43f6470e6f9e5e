import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { firstLoadChunks } from "./build/first-load-chunks.ts";
import { inlineThemeScript } from "./build/inline-scripts.ts";
import { precompress } from "./build/precompress.ts";
import { prerender } from "./build/prerender.ts";

const API_ORIGIN = "http://localhost:3000";

/**
 * `npm run dev`'s way to the server. The server answers only the hosts it is configured for (localhost
 * on its port in development) and compares Origin with its own origins, never with Host: so the proxy
 * names the API in Host (changeOrigin), and a request whose Origin is this dev server's own (the page's,
 * http://localhost:5173) speaks as the API's origin. Any other Origin is passed on as it came, and refused.
 * Vite itself answers only localhost names and IP addresses (`server.allowedHosts`): no rebound name.
 */
const apiProxy: ProxyOptions = {
  target: API_ORIGIN,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on("proxyReq", (proxyReq, req) => {
      if (req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader("origin", API_ORIGIN);
    });
  },
};

/**
 * `@satsbank/shared` and `@satsbank/verify` (the proof page's checks) resolve to their TypeScript source
 * by alias rather than by adding the "development" export condition: that condition would also switch
 * other packages (Radix's `is-development`) into their development builds in the production bundle.
 */
export const resolveAlias = [
  {
    find: /^@satsbank\/shared$/,
    replacement: fileURLToPath(new URL("../../packages/shared/src/index.ts", import.meta.url)),
  },
  {
    find: /^@satsbank\/verify$/,
    replacement: fileURLToPath(new URL("../../packages/verify/src/index.ts", import.meta.url)),
  },
  { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
];

const chunks = firstLoadChunks();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    chunks.plugin,
    inlineThemeScript(),
    prerender(resolveAlias),
    precompress(),
  ],
  resolve: { alias: resolveAlias },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": apiProxy,
      "/healthz": apiProxy,
      "^/dev(/|$)": apiProxy,
    },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The production CSP is `script-src 'self'` and the theme script's hash: no other inline script may be
    // emitted, so no polyfill either.
    modulePreload: { polyfill: false },
    // Hidden: the .map files are written (for decoding error reports) but no bundle names them, and the
    // server never serves them (apps/server/src/plugins/spa.ts).
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        // The framework's libraries in one chunk, the first loads' code in few more, every other library
        // with the screens that use it (forms, dialogs, menus, QR codes): build/first-load-chunks.ts.
        codeSplitting: { groups: chunks.groups },
      },
    },
  },
});
