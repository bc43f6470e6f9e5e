import type { Sandbox } from "../bitcoin/chain/sandbox-controls.js";
import type { Db } from "../db/client.js";
import { sandboxRpcTransport } from "./sandbox/rpc.js";
import { SandboxNode } from "./sandbox/sandbox-node.js";

// src/dev/: what development, demos and tests run besides the bank, which a production build leaves out
// (`npm run build:production`). Nothing imports it: src/lifecycle/chain-setup.ts loads this file, and only when
// CHAIN_BACKEND=sandbox (which production refuses).

/** The sandbox node on this database, and the JSON-RPC it answers in Bitcoin Core's shapes, in-process. */
export function openSandbox(db: Db, now: () => Date): Sandbox {
  const node = new SandboxNode(db, now);
  return { node, transport: sandboxRpcTransport(node) };
}
