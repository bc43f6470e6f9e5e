import path from "node:path";
import type { CodeSplittingGroup } from "rolldown";
import type { Plugin } from "vite";
import { ENTRY_MODULE, PAGES } from "./pages.ts";

/**
 * The libraries every first screen runs on (React, the router, server state, validation, class merging):
 * one chunk, which changes less often than the app, so it stays cached across releases.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|zod|tailwind-merge|clsx)[\\/]/;

/** A script module of a file (not a stylesheet, not a virtual module such as Vite's preload helper). */
const SCRIPT = /^[^\0].*\.m?[jt]sx?$/;

/** Which chunk of the first loads a module goes in; a module of none is chunked as Rolldown sees fit. */
interface FirstLoadSets {
  /** What sign-in and the dashboard both run, and the entry's own modules. */
  common: Set<string>;
  dashboard: Set<string>;
  signIn: Set<string>;
}

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { code: string | null; importedIds: readonly string[]; exports: readonly string[] } | null;
};

/** The packages the app imports by name from an index that re-exports every module of the package. */
const INDEXED_PACKAGES = ["@satsbank/shared", "lucide-react", "radix-ui"];

/** The index modules of INDEXED_PACKAGES. */
const INDEX_FILE =
  /(shared[\\/]src[\\/]index\.ts|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs|radix-ui[\\/]dist[\\/]index\.mjs)$/;

/** The module of `importer`'s imports whose path is `spec` (relative, any extension, or a package). */
function resolveRelative(graph: ModuleGraph, importer: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) {
    const dir = `${path.sep}node_modules${path.sep}${spec}${path.sep}`;
    return graph.getModuleInfo(importer)?.importedIds.find((id) => id.includes(dir));
  }
  const wanted = path.resolve(path.dirname(importer), spec).replace(/\.[cm]?[jt]sx?$/, "");
  return graph
    .getModuleInfo(importer)
    ?.importedIds.find((id) => id.replace(/\.[cm]?[jt]sx?$/, "") === wanted);
}

/**
 * Which module each name a package's index re-exports comes from: `export { default as X } from "./x"`
 * (lucide-react) and `export * from "./x"` (@satsbank/shared), following an index of indexes.
 */
function indexMap(graph: ModuleGraph, index: string, into = new Map<string, string>()): Map<string, string> {
  const code = graph.getModuleInfo(index)?.code ?? "";
  for (const [, names = "", spec = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveRelative(graph, index, spec);
    if (!target) continue;
    for (const name of names.split(",")) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (exported) into.set(exported, target);
    }
  }
  // radix-ui: `import * as Slot from "@radix-ui/react-slot"`, exported as Slot.
  for (const [, name = "", spec = ""] of code.matchAll(
    /import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g,
  )) {
    const target = resolveRelative(graph, index, spec);
    if (target) into.set(name, target);
  }
  for (const [, spec = ""] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveRelative(graph, index, spec);
    if (!target) continue;
    if (/export\s*[*{]/.test(graph.getModuleInfo(target)?.code ?? "") && /index\.[jt]s$/.test(target)) {
      indexMap(graph, target, into);
    } else {
      for (const name of graph.getModuleInfo(target)?.exports ?? []) into.set(name, target);
    }
  }
  return into;
}

/**
 * Ids of every module `from` runs: what it imports statically, directly or not (dynamic imports are other
 * chunks). A name imported from a package's index (INDEXED_PACKAGES) brings the module it comes from, not
 * the whole package: the bundle keeps only what is used, and so do these sets.
 */
function staticClosure(
  graph: ModuleGraph,
  from: readonly string[],
  indexes: Map<string, Map<string, string>>,
) {
  const seen = new Set<string>();
  const indexIds = new Set([...indexes.keys()]);
  const stack = [...from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []).filter((imported) => !indexIds.has(imported)));
    const code = info?.code ?? "";
    for (const [, names = "", spec = ""] of code.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
    )) {
      const index = info?.importedIds.find(
        (imported) => indexIds.has(imported) && imported.includes(specDir(spec)),
      );
      const map = index === undefined ? undefined : indexes.get(index);
      if (!map) continue;
      for (const name of names.split(",")) {
        const imported = name.trim().split(/\s+as\s+/)[0];
        const target = imported ? map.get(imported) : undefined;
        if (target) stack.push(target);
      }
    }
  }
  return seen;
}

/** The part of an index's path that names its package. */
function specDir(spec: string): string {
  if (spec === "@satsbank/shared") return `${path.sep}packages${path.sep}shared${path.sep}`;
  return `${path.sep}node_modules${path.sep}${spec}${path.sep}`;
}

/**
 * The build's chunks for the first loads the budget holds (sign-in and the dashboard, under 150 KB of
 * JavaScript on the wire: e2e/tests/first-load.spec.ts): besides the framework chunk, what both pages
 * run goes in one chunk, what only the dashboard's layouts and screen run in another, what only sign-in's
 * in a third. Left to Rolldown, each set of screens that shares a module gets a chunk of its own: the
 * dashboard loaded 45 files, most under 1 KB, and brotli compresses many small files worse than one (the
 * same code in one file is about 9 KB smaller on the wire). Each route's own module (pages.ts) stays a
 * chunk of its own, so the router and prerender.ts find it by its source. Other screens load these chunks
 * for what they share with the two pages, and keep their own code in theirs.
 *
 * The sets are worked out from the module graph once it is complete (`buildEnd`), before chunking. Each
 * is closed under static imports (outside the framework), so no chunk of the first loads imports one the
 * other page does not load.
 */
export function firstLoadChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const sets: FirstLoadSets = { common: new Set(), dashboard: new Set(), signIn: new Set() };
  const routeModules = new Set<string>();
  let root = "";

  const plugin: Plugin = {
    name: "satsbank:first-load-chunks",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const abs = (module: string) => path.join(root, module);
      const graph: ModuleGraph = { getModuleInfo: (id) => this.getModuleInfo(id) };
      const modulesOf = (page: (typeof PAGES)[number]["path"]) =>
        (PAGES.find((each) => each.path === page)?.modules ?? []).map(abs);
      for (const page of PAGES) for (const module of page.modules) routeModules.add(abs(module));

      // The packages' indexes, found among the modules the app's entry and pages import.
      const indexes = new Map<string, Map<string, string>>();
      for (const id of this.getModuleIds()) {
        const isIndex = INDEXED_PACKAGES.some((spec) => id.includes(specDir(spec))) && INDEX_FILE.test(id);
        if (isIndex) indexes.set(id, indexMap(graph, id));
      }
      const closure = (from: string[]) => staticClosure(graph, from, indexes);
      const entry = closure([abs(ENTRY_MODULE)]);
      const dashboard = closure(modulesOf("/dashboard"));
      const signIn = closure(modulesOf("/auth/login"));
      const inChunk = (id: string) =>
        SCRIPT.test(id) && !FRAMEWORK.test(id) && !routeModules.has(id) && id !== abs(ENTRY_MODULE);
      for (const id of new Set([...entry, ...dashboard, ...signIn])) {
        if (!inChunk(id)) continue;
        if (entry.has(id) || (dashboard.has(id) && signIn.has(id))) sets.common.add(id);
        else if (dashboard.has(id)) sets.dashboard.add(id);
        else sets.signIn.add(id);
      }
    },
  };

  // Only the modules of the sets: a package's index (and all it re-exports) is not pulled in whole.
  const appOnly = { includeDependenciesRecursively: false } as const;
  const groups: CodeSplittingGroup[] = [
    { name: "framework", test: FRAMEWORK, priority: 4 },
    { name: "first-load", test: (id) => sets.common.has(id), priority: 3, ...appOnly },
    { name: "dashboard-first-load", test: (id) => sets.dashboard.has(id), priority: 2, ...appOnly },
    { name: "sign-in-first-load", test: (id) => sets.signIn.has(id), priority: 2, ...appOnly },
  ];
  return { plugin, groups };
}
