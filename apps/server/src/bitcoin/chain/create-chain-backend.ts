import type { BitcoinNetwork } from "../network.js";
import { bitcoindBackend } from "./bitcoind.js";
import type { ChainBackend } from "./chain-backend.js";
import { esploraBackend } from "./esplora.js";
import type { JsonRpcTransport } from "./json-rpc.js";
import { httpJsonRpcTransport } from "./json-rpc-http.js";
import type { Sandbox, SandboxControls } from "./sandbox-controls.js";

/** Which backend reads the Bitcoin network (CHAIN_BACKEND and its variables; config/chain.ts reads them). */
export type ChainBackendConfig =
  /** The regtest network kept in the database; blocks every `blockSeconds` (0: only on demand). */
  | { kind: "sandbox"; blockSeconds: number }
  | {
      kind: "bitcoind";
      url: string;
      username: string | null;
      password: string | null;
      cookieFile: string | null;
    }
  | { kind: "esplora"; url: string };

/** The chain backend of the configuration, and the sandbox node's controls when it is the sandbox. */
export type ChainSetup = {
  backend: ChainBackend;
  sandbox: SandboxControls | null;
  /** With the sandbox: its JSON-RPC, which POST /api/dev/sandbox/rpc answers over HTTP (read-only). */
  sandboxRpc?: JsonRpcTransport;
};

const TIMEOUT_MS = 15_000;

/**
 * Builds the configured backend. The sandbox is read through the bitcoind adapter, over JSON-RPC answered
 * in-process: the adapter that reads a production node is the one every test and demo drives. The sandbox
 * node is given (src/lifecycle/chain-setup.ts loads it from src/dev/) and not started here (main.ts starts it: its
 * first start mines 101 blocks).
 */
export function createChainBackend({
  config,
  network,
  sandbox,
}: {
  config: ChainBackendConfig;
  network: BitcoinNetwork;
  sandbox: Sandbox | null;
}): ChainSetup {
  switch (config.kind) {
    case "sandbox": {
      if (sandbox === null)
        throw new Error("CHAIN_BACKEND=sandbox needs the sandbox node, and none was given");
      return {
        backend: bitcoindBackend({ transport: sandbox.transport, network }),
        sandbox: sandbox.node,
        sandboxRpc: sandbox.transport,
      };
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
