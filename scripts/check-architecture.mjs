#!/usr/bin/env node
// The rules of the house that Biome cannot see, run by `npm run lint` after Biome:
// - no import cycle between folders, at every depth (`bitcoin` with all below it, and `bitcoin/chain` on its
//   own; a server module is its folder): Biome's noImportCycles sees files, not folders;
// - no source file over 300 lines, tests and fixtures aside (a longer one has two reasons to change).
// Exits non-zero with one line per finding. `--root <dir>` checks another tree (its tests use fixtures).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_LINES = 300;

/** The source trees, each with the prefix its own imports use for its root ("@/" in the web app). */
export const TREES = [
  { dir: "apps/server/src", alias: null },
  { dir: "apps/server/bench", alias: null },
  { dir: "apps/web/src", alias: "@/" },
  { dir: "apps/web/build", alias: null },
  { dir: "packages/shared/src", alias: null },
  { dir: "packages/verify/src", alias: null },
  { dir: "e2e", alias: null },
  { dir: "scripts", alias: null },
];

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
/** Tests, and what only tests use, are not product code: their imports and lengths are their own. */
const TEST = /(\.test\.tsx?|\.spec\.ts|\.soak\.test\.ts)$/;
const TEST_FOLDERS = new Set(["test", "tests", "fixtures", "faults"]);

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

/** @param {string} file relative to its tree */
export function isTestFile(file) {
  return TEST.test(file) || file.split(sep).some((part) => TEST_FOLDERS.has(part));
}

/** @param {string} file @param {string} text */
function isBarrel(file, text) {
  if (!/^index\.tsx?$/.test(file.split(sep).at(-1) ?? "")) return false;
  const code = text.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
  return code
    .split(";")
    .every((statement) => statement.trim() === "" || /^export\b[\s\S]*\bfrom\s/.test(statement.trim()));
}

/**
 * The file an import names, when it is one of the tree's own (relative, or through the tree's alias).
 * @param {string} tree absolute @param {string | null} alias @param {string} from absolute @param {string} specifier
 * @returns {string | null}
 */
function resolveImport(tree, alias, from, specifier) {
  let base;
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else if (alias !== null && specifier.startsWith(alias)) base = resolve(tree, specifier.slice(alias.length));
  else return null;
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

/**
 * The strongly connected groups of more than one folder: each is at least one cycle.
 * @param {Map<string, Set<string>>} graph @returns {string[][]}
 */
function cycles(graph) {
  let index = 0;
  /** @type {Map<string, { index: number, low: number }>} */
  const seen = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  /** @param {string} node */
  const visit = (node) => {
    seen.set(node, { index, low: index });
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!seen.has(next)) {
        visit(next);
        const mine = /** @type {{ low: number }} */ (seen.get(node));
        mine.low = Math.min(mine.low, /** @type {{ low: number }} */ (seen.get(next)).low);
      } else if (onStack.has(next)) {
        const mine = /** @type {{ low: number }} */ (seen.get(node));
        mine.low = Math.min(mine.low, /** @type {{ index: number }} */ (seen.get(next)).index);
      }
    }
    const mine = /** @type {{ index: number, low: number }} */ (seen.get(node));
    if (mine.low === mine.index) {
      /** @type {string[]} */
      const group = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!seen.has(node)) visit(node);
  return groups;
}

/**
 * Every finding in the trees under `root`.
 * @param {string} root @param {typeof TREES} trees @returns {string[]}
 */
export function checkArchitecture(root, trees = TREES) {
  /** @type {string[]} */
  const findings = [];
  for (const { dir, alias } of trees) {
    const tree = resolve(root, dir);
    /** @type {[string, string, string][]} folder, imported folder, and the import, for each import */
    const imports = [];
    for (const file of sourceFiles(tree)) {
      const name = relative(root, file);
      if (isTestFile(relative(tree, file))) continue;
      const text = readFileSync(file, "utf8");
      const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
      if (lines > MAX_LINES) findings.push(`${name}: ${lines} lines (at most ${MAX_LINES}): split it`);
      const from = relative(tree, dirname(file));
      // A barrel (an index that only re-exports) is the folder's front door, not a dependency of it.
      if (isBarrel(file, text)) continue;
      for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
        const target = resolveImport(tree, alias, file, imported.fileName);
        if (target === null || isTestFile(relative(tree, target))) continue;
        const to = relative(tree, dirname(target));
        if (to !== from && !to.startsWith(".."))
          imports.push([from, to, `${name} imports ${imported.fileName}`]);
      }
    }
    const deepest = Math.max(1, ...imports.flatMap(([a, b]) => [a.split(sep).length, b.split(sep).length]));
    const reported = new Set();
    for (let depth = 1; depth <= deepest; depth++) {
      /** @param {string} folder */
      const at = (folder) => folder.split(sep).slice(0, depth).join("/") || ".";
      /** @type {Map<string, Set<string>>} */
      const graph = new Map();
      /** @type {Map<string, string>} an example import for each edge */
      const examples = new Map();
      for (const [a, b, example] of imports) {
        const [from, to] = [at(a), at(b)];
        if (from === to) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
        if (!examples.has(`${from}>${to}`)) examples.set(`${from}>${to}`, example);
      }
      for (const group of cycles(graph)) {
        if (reported.has(group.join())) continue;
        reported.add(group.join());
        const members = new Set(group);
        const edges = [...examples.entries()]
          .filter(([edge]) => edge.split(">").every((end) => members.has(end)))
          .map(([edge, example]) => `${edge.replace(">", " -> ")} (${example})`);
        findings.push(`${dir}: import cycle between ${group.join(", ")}: ${edges.join("; ")}`);
      }
    }
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--root");
  const root =
    at === -1 ? resolve(dirname(fileURLToPath(import.meta.url)), "..") : resolve(process.argv[at + 1] ?? ".");
  const findings = checkArchitecture(root);
  for (const finding of findings) console.error(finding);
  if (findings.length > 0) {
    console.error(`check-architecture: ${findings.length} finding(s)`);
    process.exit(1);
  }
  console.info("check-architecture: no folder cycles, no source file over 300 lines");
}
