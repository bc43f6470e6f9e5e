import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

/** The theme script, in public/ (so the build also copies it to dist/, where the server hashes it). */
export const THEME_SCRIPT = "theme-init.js";
/** The dashboard's early requests (prerender.ts writes them into the dashboard's page), in public/ too. */
export const EARLY_DATA_SCRIPT = "early-data.js";

/**
 * `<script>` with `script`'s text as it is: the server allows exactly these bytes by their `sha256-` hash
 * in the CSP's script-src, computed at start from the same file in dist/
 * (apps/server/src/plugins/security-headers.ts); e2e/tests/first-paint.spec.ts checks that the pages'
 * inline scripts and the header's hashes agree.
 */
export function inlineScript(script: string, name: string): string {
  // The HTML parser would end the element early, and reads \r\n as \n (another hash).
  if (/<\/script|<!--|\r/i.test(script)) throw new Error(`${name} cannot be inlined as it is`);
  return `<script>${script}</script>`;
}

const THEME_TAG = `<script src="/${THEME_SCRIPT}"></script>`;

/**
 * Writes public/theme-init.js into index.html in place of its external tag, so the first paint waits for
 * the HTML alone (every page the build pre-renders is made from this index.html).
 */
export function inlineThemeScript(): Plugin {
  let publicDir = "";
  return {
    name: "satsbank:inline-theme-script",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html) {
        const script = await readFile(path.join(publicDir, THEME_SCRIPT), "utf8");
        if (!html.includes(THEME_TAG)) throw new Error(`index.html has no ${THEME_TAG}`);
        return html.replace(THEME_TAG, () => inlineScript(script, THEME_SCRIPT));
      },
    },
  };
}
