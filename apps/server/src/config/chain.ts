import { z } from "zod";
import type { ChainBackendConfig } from "../bitcoin/chain/create-chain-backend.js";
import type { BitcoinNetwork } from "../bitcoin/network.js";
import { httpUrl, oneOf, optional, type VarsOf, wholeNumber } from "./parsers.js";

// The chain variables of config.ts: which backend reads the Bitcoin network, how the follower runs, and
// which parts of the server this process runs. Parsed in the same single pass as every other variable.

export const chainBackends = ["sandbox", "bitcoind", "esplora"] as const;
export type ChainBackendKind = (typeof chainBackends)[number];

export const serverRoles = ["all", "api", "worker"] as const;
export type ServerRole = (typeof serverRoles)[number];

export const chainEnvShape = {
  CHAIN_BACKEND: optional(z.enum(chainBackends, { error: oneOf(chainBackends) })),
  BITCOIND_RPC_URL: optional(httpUrl),
  BITCOIND_RPC_USER: optional(z.string()),
  BITCOIND_RPC_PASSWORD: optional(z.string()),
  BITCOIND_RPC_COOKIE_FILE: optional(z.string()),
  ESPLORA_URL: optional(httpUrl),
  CONFIRMATIONS: optional(wholeNumber("must be a whole number of blocks from 1 to 100", 1, 100)),
  SANDBOX_BLOCK_SECONDS: optional(
    wholeNumber("must be a whole number of seconds from 0 (off) to 86400", 0, 86_400),
  ),
  CHAIN_POLL_SECONDS: optional(wholeNumber("must be a whole number of seconds from 1 to 3600", 1, 3600)),
  SERVER_ROLE: optional(z.enum(serverRoles, { error: oneOf(serverRoles) })),
};

/** Variables never echoed back in an error: they are, or may carry, credentials. */
export const chainSecretVariables = ["BITCOIND_RPC_URL", "BITCOIND_RPC_PASSWORD", "ESPLORA_URL"] as const;

type ChainVars = VarsOf<typeof chainEnvShape>;

export type ChainConfig = {
  chainBackend: ChainBackendConfig;
  /** Confirmations before a deposit is credited and a withdrawal completed. */
  confirmations: number;
  /** Seconds between two passes of the chain follower. */
  chainPollSeconds: number;
  /** What this process runs: the HTTP API, the background worker (chain follower), or both. */
  serverRole: ServerRole;
};

/** The chain part of the Config; a string is a problem to report (same style as the schema's). */
export function chainConfig(
  vars: ChainVars,
  network: BitcoinNetwork,
  production: boolean,
): ChainConfig | string {
  const kind = vars.CHAIN_BACKEND ?? "sandbox";
  let chainBackend: ChainBackendConfig;
  if (kind === "sandbox") {
    if (production)
      return "CHAIN_BACKEND=sandbox is for development only: use bitcoind or esplora in production";
    if (network !== "regtest") return `CHAIN_BACKEND=sandbox needs BITCOIN_NETWORK=regtest (got ${network})`;
    chainBackend = { kind, blockSeconds: vars.SANDBOX_BLOCK_SECONDS ?? 60 };
  } else if (kind === "bitcoind") {
    if (vars.BITCOIND_RPC_URL === undefined)
      return "BITCOIND_RPC_URL is required when CHAIN_BACKEND=bitcoind";
    const hasPassword = vars.BITCOIND_RPC_USER !== undefined || vars.BITCOIND_RPC_PASSWORD !== undefined;
    if (hasPassword && vars.BITCOIND_RPC_COOKIE_FILE !== undefined) {
      return "BITCOIND_RPC_USER and BITCOIND_RPC_PASSWORD, or BITCOIND_RPC_COOKIE_FILE: not both";
    }
    chainBackend = {
      kind,
      url: vars.BITCOIND_RPC_URL,
      username: vars.BITCOIND_RPC_USER ?? null,
      password: vars.BITCOIND_RPC_PASSWORD ?? null,
      cookieFile: vars.BITCOIND_RPC_COOKIE_FILE ?? null,
    };
  } else {
    if (vars.ESPLORA_URL === undefined) return "ESPLORA_URL is required when CHAIN_BACKEND=esplora";
    chainBackend = { kind, url: vars.ESPLORA_URL.replace(/\/+$/, "") };
  }
  return {
    chainBackend,
    confirmations: vars.CONFIRMATIONS ?? (network === "regtest" ? 1 : 3),
    chainPollSeconds: vars.CHAIN_POLL_SECONDS ?? 5,
    serverRole: vars.SERVER_ROLE ?? "all",
  };
}
