import { randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh } from "@scure/btc-signer";
import { systemClock } from "../adapters/clock.js";
import { networkParams } from "../bitcoin/network.js";
import { holderDescriptor } from "../bitcoin/vault/fixtures/vault-keys.js";
import { type ColdVault, parseVaultDescriptor } from "../bitcoin/vault/index.js";
import { type Sats, sats } from "../domain/money.js";
import type { User } from "../domain/user.js";
import { type VaultSettings, vaultReserves } from "../modules/vault/index.js";
import { sendBitcoin } from "../modules/wallet/index.js";
import { type PassOptions, type PassReport, runPass } from "../worker/chain-worker.js";
import type { TestApp } from "./create-test-app.js";
import { markVerified } from "./mark-verified.js";
import { insertCustomer, walletContext } from "./money-helpers.js";
import type { SandboxChain } from "./sandbox-chain.js";

// What the cold vault's tests share: the fixture key holders' vault, a bank on the sandbox chain that
// sweeps to it, and a surplus of the bank's own (sweeps and refills pay miner fees the bank bears: without
// fee revenue in the hot wallet, reserves would fall short of liabilities by those fees).

/** The three fixture key holders' 2-of-3 vault on regtest (bitcoin/vault/fixtures). */
export const fixtureVault: ColdVault = parseVaultDescriptor(holderDescriptor("regtest"), "regtest");

export function vaultSettings(
  coldVault: ColdVault | null = fixtureVault,
  { max = 1_000_000n, target = 500_000n }: { max?: bigint; target?: bigint } = {},
): VaultSettings {
  return { coldVault, hotWalletMaxSats: sats(max), hotWalletTargetSats: sats(target) };
}

/** An outside address of the regtest network: a key nobody at the bank holds. */
export function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

/** A verified customer with `deposits` credited on the chain, one coin each. */
export async function depositor(
  t: TestApp,
  sandbox: SandboxChain,
  deposits: readonly bigint[],
): Promise<User> {
  const user = await insertCustomer(t.db, "Vault Tester");
  await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
  for (const amount of deposits) await sandbox.deposit(user, amount);
  return user;
}

/** A pass of the worker with the vault: its sweep, and its coins counted by the watchdog. */
export function vaultPass(
  sandbox: SandboxChain,
  settings: VaultSettings,
  overrides: Parameters<SandboxChain["context"]>[0] = {},
  options: Omit<PassOptions, "vault" | "vaultReserves"> = {},
): Promise<PassReport> {
  return runPass(sandbox.context(overrides), {
    ...options,
    vault: settings,
    vaultReserves: vaultReserves(sandbox.chain),
  });
}

/**
 * The bank earns `fee` of its own: a customer pays a withdrawal fee of `fee` on a 10,000 sat withdrawal,
 * paid out and settled (its miner fee is far less). Run before any sweep (a plain pass, no vault).
 */
export async function earnFees(t: TestApp, sandbox: SandboxChain, fee: Sats): Promise<void> {
  const user = await depositor(t, sandbox, [fee + 20_000n]);
  await sendBitcoin({
    ctx: { ...walletContext(t), withdrawalFeeSats: fee },
    sender: user,
    body: { recipient: outsideAddress(), amountSats: "10000", idempotencyKey: randomUUID() },
  });
  await runPass(sandbox.context());
  await sandbox.node.mine(1);
  await runPass(sandbox.context());
}
