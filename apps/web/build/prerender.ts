import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { OutputBundle } from "rolldown";
import { type AliasOptions, createServer, type Plugin } from "vite";
import { EARLY_DATA_SCRIPT, inlineScript } from "./inline-scripts.ts";
import { PAGES } from "./pages.ts";

/** Where the pre-rendered pages go in the build; apps/server/src/plugins/spa.ts serves them from there. */
export const PRERENDERED_DIR = "prerendered";

interface RenderModule {
  renderRoute(path: string): Promise<string>;
  renderDashboardShell(): Promise<string>;
}

/** Every chunk `fileName` imports statically, itself included: what the browser fetches to run it. */
function staticClosure(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== "chunk" || into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

function chunkOf(bundle: OutputBundle, root: string, module: string): string {
  const id = path.join(root, module);
  const found = Object.values(bundle).find((each) => each.type === "chunk" && each.facadeModuleId === id);
  if (!found) throw new Error(`prerender: no chunk is built from ${module}`);
  return found.fileName;
}

/**
 * The built stylesheets written into the page (`<style>`: the CSP's `style-src` allows inline styles), so
 * the first paint waits for the HTML alone rather than for a stylesheet that shares the connection with
 * the scripts. Every page the build draws is the stylesheet's only user on a first load.
 */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  let page = html;
  for (const [link, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)) {
    const css = await readFile(path.join(outDir, href ?? ""), "utf8");
    if (css.includes("</style")) throw new Error(`prerender: ${href} cannot be inlined`);
    page = page.replace(link, () => `<style>${css}</style>`);
  }
  return page;
}

/**
 * Writes `dist/prerendered/<path>.html` for each page of PAGES, from the built index.html:
 * - sign-in and the splash with their screen's HTML drawn in #root (`data-prerendered`: main.tsx hydrates
 *   it), so the first paint needs no script;
 * - the dashboard with its shell (src/prerender/dashboard-shell.tsx: layout, heading, the balance card's
 *   skeleton) and early-data.js inline, which asks for what the screen's first frame shows while the
 *   scripts load;
 * and in each, the stylesheet inlined and `modulepreload` links for the chunks of the page's lazy layout and screen, so they come
 * with the entry's chunks instead of after them. Runs after the files are written (`writeBundle`) and
 * before the precompress plugin (`closeBundle`) compresses them. The pages are drawn by Vite's SSR loader
 * from the source: the same components the bundle holds.
 */
export function prerender(alias: AliasOptions): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "satsbank:prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const template = await inlineStylesheets(
        await readFile(path.join(outDir, "index.html"), "utf8"),
        outDir,
      );
      const entryChunks = new Set<string>();
      for (const each of Object.values(bundle)) {
        if (each.type === "chunk" && each.isEntry) staticClosure(bundle, each.fileName, entryChunks);
      }
      const server = await createServer({
        configFile: false,
        root,
        logLevel: "error",
        appType: "custom",
        resolve: { alias },
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const render = (await server.ssrLoadModule("/src/prerender/render.tsx")) as RenderModule;
        for (const page of PAGES) {
          const chunks = new Set<string>();
          for (const module of page.modules) staticClosure(bundle, chunkOf(bundle, root, module), chunks);
          const preloads = [...chunks]
            .filter((file) => !entryChunks.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
          let body: string;
          let early = "";
          if (page.mode === "hydrate") {
            body = `<div id="root" data-prerendered>${await render.renderRoute(page.path)}</div>`;
          } else {
            // Inline, before the app's script and its preloads: its requests are the page's first (an
            // external async script came last, after the module scripts, at its low priority).
            const earlyData = await readFile(path.join(outDir, EARLY_DATA_SCRIPT), "utf8");
            early = `${inlineScript(earlyData, EARLY_DATA_SCRIPT)}\n    `;
            body = `<div id="root">${await render.renderDashboardShell()}</div>`;
          }
          const html = template
            .replace('<div id="root"></div>', body)
            .replace('<script type="module"', `${early}<script type="module"`)
            .replace("</head>", `${preloads.map((line) => `  ${line}\n  `).join("")}</head>`);
          if (!html.includes(body) || (early && !html.includes(early))) {
            throw new Error("prerender: index.html has no empty #root or no module script");
          }
          const file = path.join(outDir, PRERENDERED_DIR, `${page.path.slice(1)}.html`);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
