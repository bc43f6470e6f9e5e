import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { loadDevTools, noSandboxText, setUpChain } from "./chain-setup.js";

const run = promisify(execFile);
const server = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every file below `dir`, relative to it. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

// What only the sandbox node's code says: a production build that holds any of it ships the sandbox.
const SANDBOX_MARKS = [
  "SandboxNode",
  "sandboxRpcTransport",
  "sandbox_blocks",
  "sandbox_outputs",
  "coinbaseTransaction",
  "acceptTransaction",
  "verifySpends",
  "REGTEST_DIFFICULTY",
];

describe("the production build (npm run build:production)", () => {
  let out: string;
  beforeAll(async () => {
    // Inside apps/server, so the built files find the server's node_modules as a deployed build does.
    out = mkdtempSync(join(server, ".production-build-"));
    await run("npx", ["tsc", "-p", "tsconfig.production.json", "--outDir", out], { cwd: server });
  }, 180_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("holds the server and no sandbox chain: no src/dev/ file, no line of its code", () => {
    const files = filesIn(out);
    expect(files).toContain("main.js");
    expect(files).toContain(join("lifecycle", "chain-setup.js"));
    expect(files).toContain(join("bitcoin", "chain", "bitcoind.js"));
    // Neither the sandbox (src/dev/) nor what only tests read (test/, fixtures/).
    expect(files.filter((file) => /^(dev|test)\/|\/fixtures\/|sandbox-node/.test(file))).toEqual([]);
    const holding = files
      .filter((file) => file.endsWith(".js"))
      .flatMap((file) => {
        const text = readFileSync(join(out, file), "utf8");
        return SANDBOX_MARKS.filter((mark) => text.includes(mark)).map((mark) => `${file}: ${mark}`);
      });
    expect(holding).toEqual([]);
  });

  it("says what is missing when CHAIN_BACKEND=sandbox reaches it", async () => {
    const script = `import(${JSON.stringify(join(out, "lifecycle", "chain-setup.js"))}).then((m) => m.loadDevTools()).then(
      () => console.log("loaded"),
      (error) => console.log(error.message),
    );`;
    const { stdout } = await run("node", ["--input-type=module", "-e", script], { cwd: server });
    expect(stdout.trim()).toBe(noSandboxText);
  });
});

describe("the development build", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("loads the sandbox node from src/dev/ and reads it through the bitcoind adapter", async () => {
    expect(typeof (await loadDevTools()).openSandbox).toBe("function");
    const chain = await setUpChain({
      config: { kind: "sandbox", blockSeconds: 0 },
      network: "regtest",
      db: t.db,
      now: () => new Date(),
    });
    expect(chain.sandbox).not.toBeNull();
    await chain.sandbox?.start();
    const tip = await chain.backend.tip();
    expect(tip.height).toBeGreaterThanOrEqual(100);
    expect(await chain.backend.blockHash(tip.height)).toBe(tip.hash);
  });

  it("needs no sandbox for a real chain backend", async () => {
    const chain = await setUpChain({
      config: { kind: "esplora", url: "http://127.0.0.1:1" },
      network: "regtest",
      db: t.db,
      now: () => new Date(),
    });
    expect(chain.sandbox).toBeNull();
    expect(chain.backend.name).toBe("esplora");
  });
});
