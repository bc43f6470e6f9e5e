import {
  type ChainBackendConfig,
  type ChainSetup,
  createChainBackend,
} from "../bitcoin/chain/create-chain-backend.js";
import type { Sandbox } from "../bitcoin/chain/sandbox-controls.js";
import type { BitcoinNetwork } from "../bitcoin/network.js";
import type { Db } from "../db/client.js";

/** What src/dev/index.ts offers: the sandbox node, built on the bank's database. */
export type DevTools = { openSandbox(db: Db, now: () => Date): Sandbox };

export const noSandboxText =
  "CHAIN_BACKEND=sandbox, but this build has no sandbox chain (src/dev/ is left out of `npm run build:production`): build with `npm run build`, or set CHAIN_BACKEND to bitcoind or esplora";

/** This build has no src/dev/: an operator's mistake, told in one line (main.ts prints a `code`d error so). */
export class NoSandboxError extends Error {
  override readonly name = "NoSandboxError";
  readonly code = "SANDBOX_NOT_BUILT";
  constructor() {
    super(noSandboxText);
  }
}

/**
 * Loads src/dev/ (the sandbox chain). Its path is in a variable on purpose: TypeScript, and so the
 * production build, do not follow it, and nothing else imports src/dev/ (a lint rule), so a production
 * build holds no sandbox code at all (`npm run build:production`; a test reads its output).
 */
export async function loadDevTools(): Promise<DevTools> {
  const entry = "../dev/index.js";
  try {
    return (await import(entry)) as DevTools;
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND") throw new NoSandboxError();
    throw error;
  }
}

/** The configured chain backend; with CHAIN_BACKEND=sandbox, the sandbox node from src/dev/ (not started). */
export async function setUpChain({
  config,
  network,
  db,
  now,
}: {
  config: ChainBackendConfig;
  network: BitcoinNetwork;
  db: Db;
  now: () => Date;
}): Promise<ChainSetup> {
  const sandbox = config.kind === "sandbox" ? (await loadDevTools()).openSandbox(db, now) : null;
  return createChainBackend({ config, network, sandbox });
}
