import { expect } from "vitest";
import { bitcoindBackend } from "../bitcoin/chain/bitcoind.js";
import type { ChainBackend } from "../bitcoin/chain/chain-backend.js";
import { sandboxRpcTransport } from "../dev/sandbox/rpc.js";
import { SandboxNode } from "../dev/sandbox/sandbox-node.js";
import type { User } from "../domain/user.js";
import { depositAddressFor } from "../modules/addresses/index.js";
import { type ChainContext, checkBooks, syncChain } from "../modules/chain/index.js";
import { reconcileColdVault, refillBlocks } from "../modules/vault/index.js";
import { payoutBlocks } from "../modules/withdrawals/index.js";
import { type FakeClock, fakeClock } from "./auth-helpers.js";
import type { TestApp } from "./create-test-app.js";
import { walletContext } from "./money-helpers.js";

/** The sandbox node of a test app, read through the bitcoind adapter, as the server reads it. */
export type SandboxChain = {
  node: SandboxNode;
  chain: ChainBackend;
  clock: FakeClock;
  /** The follower's context on this chain (CONFIRMATIONS 1, from height 0), with any changes. */
  context(overrides?: Partial<ChainContext>): ChainContext;
  /** Pays the customer's deposit address from the faucet, mines it and lets the follower credit it. */
  deposit(user: Pick<User, "id">, amount: bigint): Promise<string>;
};

/**
 * Starts a sandbox node on the test app's database (its first 101 blocks) and answers what a chain test
 * needs. Its clock moves a second at each read, so every block has a later time.
 */
export async function startSandboxChain(t: TestApp): Promise<SandboxChain> {
  const clock = fakeClock();
  const node = new SandboxNode(t.db, () => {
    clock.advance(1000);
    return clock.now();
  });
  await node.start();
  const chain = bitcoindBackend({ transport: sandboxRpcTransport(node), network: "regtest" });
  const context = (overrides: Partial<ChainContext> = {}): ChainContext => ({
    db: t.db,
    clock,
    chain,
    walletKeys: walletContext(t).walletKeys,
    blockListeners: [payoutBlocks, refillBlocks],
    confirmations: 1,
    startHeight: 0,
    ...overrides,
  });
  return {
    node,
    chain,
    clock,
    context,
    async deposit(user, amount) {
      const address = await depositAddressFor({ ctx: walletContext(t), userId: user.id });
      const txid = await node.pay(address, amount);
      await node.mine(1);
      await syncChain(context());
      return txid;
    },
  };
}

/**
 * Every test that moves money on the chain ends here: the books sum to zero, nobody is negative, every
 * balance matches its transfers, the hot wallet's ledger equals its coins, the cold vault's ledger equals
 * the vault's coins, and reserves cover liabilities.
 */
export async function expectChainBooksBalanced(t: TestApp): Promise<void> {
  const books = await checkBooks(t.db);
  const vault = await reconcileColdVault(t.db);
  expect(vault.ledgerSats).toBe(vault.coinsSats);
  expect(books.ledger).toMatchObject({
    totalSats: 0n,
    negativeCustomerAccounts: 0,
    mismatchedAccounts: 0,
    reservesCoverLiabilities: true,
  });
  expect(books.hotWallet.ledgerSats).toBe(books.hotWallet.utxoSats);
  expect(books.ok).toBe(true);
}
