import type { ChainBackendConfig } from "../../config/chain.js";
import type { Db } from "../../db/client.js";
import type { BitcoinNetwork } from "../network.js";
import { sandboxRpcTransport } from "../sandbox/rpc.js";
import { SandboxNode } from "../sandbox/sandbox-node.js";
import { bitcoindBackend } from "./bitcoind.js";
import type { ChainBackend } from "./chain-backend.js";
import { esploraBackend } from "./esplora.js";
import { httpJsonRpcTransport } from "./json-rpc-http.js";

/** The chain backend of the configuration, and the sandbox node when it is the sandbox. */
export type ChainSetup = { backend: ChainBackend; sandbox: SandboxNode | null };

const TIMEOUT_MS = 15_000;

/**
 * Builds the configured backend. The sandbox is read through the bitcoind adapter, over JSON-RPC answered
 * in-process: the adapter that reads a production node is the one every test and demo drives. The
 * sandbox node is not started here (main.ts starts it: its first start mines 101 blocks).
 */
export function createChainBackend({
  config,
  network,
  db,
  now,
}: {
  config: ChainBackendConfig;
  network: BitcoinNetwork;
  db: Db;
  now: () => Date;
}): ChainSetup {
  switch (config.kind) {
    case "sandbox": {
      const sandbox = new SandboxNode(db, now);
      return { backend: bitcoindBackend({ transport: sandboxRpcTransport(sandbox), network }), sandbox };
    }
    case "bitcoind": {
      const transport = httpJsonRpcTransport({
        url: config.url,
        ...(config.username === null ? {} : { username: config.username }),
        ...(config.password === null ? {} : { password: config.password }),
        ...(config.cookieFile === null ? {} : { cookieFile: config.cookieFile }),
        timeoutMs: TIMEOUT_MS,
      });
      return { backend: bitcoindBackend({ transport, network }), sandbox: null };
    }
    case "esplora":
      return {
        backend: esploraBackend({ baseUrl: config.url, network, timeoutMs: TIMEOUT_MS }),
        sandbox: null,
      };
  }
}
