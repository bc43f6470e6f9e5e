import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The module boundaries `npm run lint` keeps: Biome's restricted imports (biome.json) and the folder
// check of scripts/check-architecture.mjs. Each probe is a file written where a real one would be, in a
// copy of the repository's lint configuration; the rule must refuse the bad import and let the good one by.

const run = promisify(execFile);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const biome = join(repo, "node_modules/.bin/biome");

let sandbox: string;
beforeAll(() => {
  sandbox = mkdtempSync(join(tmpdir(), "satsbank-lint-"));
  const config = JSON.parse(readFileSync(join(repo, "biome.json"), "utf8"));
  delete config.$schema;
  writeFileSync(join(sandbox, "biome.json"), JSON.stringify(config));
});
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Lints one file written at `path` (as the repository would hold it); answers Biome's findings. */
async function lint(path: string, code: string): Promise<{ ok: boolean; output: string }> {
  const file = join(sandbox, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  try {
    const { stdout, stderr } = await run(
      biome,
      ["lint", "--vcs-enabled=false", "--max-diagnostics=50", path],
      {
        cwd: sandbox,
      },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  } finally {
    rmSync(file);
  }
}

const importing = (specifier: string) =>
  `import { used } from "${specifier}";\n\nexport const probe = used;\n`;
const frontDoor = "reached only through its front door";

describe("the module boundaries npm run lint keeps", () => {
  it("refuses a module reaching into another module's queries.ts, and lets its front door by", async () => {
    const into = await lint("apps/server/src/modules/wallet/probe.ts", importing("../kyc/queries.js"));
    expect(into.ok).toBe(false);
    expect(into.output).toContain(frontDoor);

    const intoUseCase = await lint(
      "apps/server/src/modules/wallet/probe.ts",
      importing("../auth/user-queries.js"),
    );
    expect(intoUseCase.ok).toBe(false);
    expect(intoUseCase.output).toContain(frontDoor);

    const door = await lint("apps/server/src/modules/wallet/probe.ts", importing("../auth/index.js"));
    expect(door.output).not.toContain(frontDoor);
    expect(door.ok).toBe(true);
  });

  it("holds routes files to the front door too, and keeps SQL out of them", async () => {
    const otherModule = await lint(
      "apps/server/src/modules/admin/probe-routes.ts",
      importing("../kyc/queries.js"),
    );
    expect(otherModule.ok).toBe(false);
    const ownQueries = await lint("apps/server/src/modules/admin/probe-routes.ts", importing("./queries.js"));
    expect(ownQueries.ok).toBe(false);
    expect(ownQueries.output).toContain("Routes are thin");
  });

  it("holds the composition (app.ts, main.ts, the CLI, the worker) to the front doors", async () => {
    const app = await lint("apps/server/src/probe.ts", importing("./modules/auth/user-queries.js"));
    expect(app.ok).toBe(false);
    expect(app.output).toContain(frontDoor);
    const worker = await lint("apps/server/src/worker/probe.ts", importing("../modules/chain/queries.js"));
    expect(worker.ok).toBe(false);
    const cli = await lint("apps/server/src/cli/seed/probe.ts", importing("../../modules/kyc/queries.js"));
    expect(cli.ok).toBe(false);
    expect((await lint("apps/server/src/probe.ts", importing("./modules/auth/index.js"))).ok).toBe(true);
  });

  it("keeps Fastify out of use cases", async () => {
    const useCase = await lint(
      "apps/server/src/modules/wallet/probe.ts",
      'import type { FastifyRequest } from "fastify";\n\nexport type Probe = FastifyRequest;\n',
    );
    expect(useCase.ok).toBe(false);
    expect(useCase.output).toContain("Use cases do not know HTTP");
  });

  it("keeps the sandbox chain (src/dev/) out of product code", async () => {
    for (const path of [
      "apps/server/src/modules/chain/probe.ts",
      "apps/server/src/bitcoin/chain/probe.ts",
      "apps/server/src/probe.ts",
    ]) {
      const depth = path.split("/").length - 4;
      const result = await lint(path, importing(`${"../".repeat(depth) || "./"}dev/sandbox/index.js`));
      expect(result.ok, path).toBe(false);
      expect(result.output, path).toContain("src/dev/");
    }
  });
});

describe("scripts/check-architecture.mjs", () => {
  /** Runs the check on a tree of files; answers its exit code and what it printed. */
  async function check(files: Record<string, string>): Promise<{ code: number; output: string }> {
    const root = mkdtempSync(join(tmpdir(), "satsbank-architecture-"));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      try {
        const { stdout, stderr } = await run("node", [
          join(repo, "scripts/check-architecture.mjs"),
          "--root",
          root,
        ]);
        return { code: 0, output: stdout + stderr };
      } catch (error) {
        const failed = error as { code?: number; stdout?: string; stderr?: string };
        return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it("finds a cycle between two modules that no file-level check sees", async () => {
    const result = await check({
      "apps/server/src/modules/chain/sync.ts":
        'import { pay } from "../withdrawals/index.js";\nexport const sync = pay;\n',
      "apps/server/src/modules/withdrawals/index.ts": 'export { pay } from "./pay.js";\n',
      "apps/server/src/modules/withdrawals/pay.ts":
        'import { lastBlock } from "../chain/blocks.js";\nexport const pay = lastBlock;\n',
      "apps/server/src/modules/chain/blocks.ts": "export const lastBlock = 1;\n",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("import cycle between modules/chain, modules/withdrawals");
  });

  it("finds a cycle between top folders that runs through their subfolders (config <-> bitcoin)", async () => {
    const result = await check({
      "apps/server/src/config/wallet.ts":
        'import { network } from "../bitcoin/network.js";\nexport const wallet = network;\n',
      "apps/server/src/bitcoin/network.ts": "export const network = 1;\n",
      "apps/server/src/bitcoin/chain/create.ts":
        'import { wallet } from "../../config/wallet.js";\nexport const create = wallet;\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("import cycle between bitcoin, config");
  });

  it("finds a source file over 300 lines, and leaves tests alone", async () => {
    const long = `${Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join("\n")}\n`;
    const result = await check({
      "apps/server/src/domain/long.ts": long,
      "apps/server/src/domain/long.test.ts": long,
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("apps/server/src/domain/long.ts: 301 lines");
    expect(result.output).not.toContain("long.test.ts");
  });

  it("passes a tree whose imports point one way", async () => {
    const result = await check({
      "apps/server/src/modules/wallet/send.ts":
        'import { limit } from "../kyc/index.js";\nexport const send = limit;\n',
      "apps/server/src/modules/kyc/index.ts": 'export { limit } from "./limit.js";\n',
      "apps/server/src/modules/kyc/limit.ts": "export const limit = 1;\n",
    });
    expect(result.output).toContain("no folder cycles");
    expect(result.code).toBe(0);
  });
});
