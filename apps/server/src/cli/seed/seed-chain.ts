import { createHash } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh } from "@scure/btc-signer";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { SandboxControls } from "../../bitcoin/chain/sandbox-controls.js";
import { type BitcoinNetwork, networkParams } from "../../bitcoin/network.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import type { SendLimits } from "../../domain/kyc.js";
import { type Sats, sats } from "../../domain/money.js";
import type { User } from "../../domain/user.js";
import type { WithdrawalPolicy } from "../../domain/withdrawal-policy.js";
import { depositAddressFor } from "../../modules/addresses/index.js";
import { type ChainContext, followerHeight, syncChain } from "../../modules/chain/index.js";
import type { Announcer } from "../../modules/notifications/index.js";
import type { RelyingParty } from "../../modules/passkeys/index.js";
import {
  findWalletTransaction,
  type HistoryQuery,
  listWalletTransactions,
  type WalletTransactionRow,
} from "../../modules/transactions/index.js";
import { refillBlocks } from "../../modules/vault/index.js";
import { sendBitcoin } from "../../modules/wallet/index.js";
import { payoutBlocks } from "../../modules/withdrawals/index.js";
import { runPass } from "../../worker/chain-worker.js";
import { fixedClock } from "./seed-time.js";

/** What the demo money needs of the sandbox chain. */
export type DemoChain = {
  db: Db;
  walletKeys: WalletKeys;
  /** Its faucet pays the deposits; it mines the blocks that confirm them. */
  node: SandboxControls;
  /** The node as the follower and the worker read it: through the bitcoind adapter. */
  backend: ChainBackend;
  /** CONFIRMATIONS: the blocks mined under each deposit and each payout. */
  confirmations: number;
  /** WITHDRAWAL_FEE_SAT: what the demo withdrawal costs besides its amount. */
  withdrawalFeeSats: Sats;
  /** The send limits the withdrawal is checked against. */
  sendLimits: SendLimits;
  /** The bank as WebAuthn knows it: the send use case checks passkey approvals against it. */
  rp: RelyingParty;
  /** Announces the demo sends' notifications after their commits (nobody listens yet; it is the send's way). */
  announcer: Announcer;
};

/**
 * The withdrawal policy of the demo's history: its sends were made before any hold or review applied, so
 * nothing of it waits (the running bank applies its configured policy to new sends).
 */
export const DEMO_HISTORY_POLICY: WithdrawalPolicy = {
  newAddressHoldMs: 0,
  reviewSats: sats(2_100_000_000_000_000n),
  dualApprovalSats: sats(2_100_000_000_000_000n),
  perHourReview: 1_000,
};

/** The follower's context with its clock stopped at `when`: what it records is dated then. */
function followerAt(chain: DemoChain, when: Date): ChainContext {
  return {
    db: chain.db,
    clock: fixedClock(when),
    chain: chain.backend,
    walletKeys: chain.walletKeys,
    confirmations: chain.confirmations,
    // The sandbox is regtest, which the follower reads from its first block (as main.ts starts it).
    startHeight: 0,
    // As the worker's: a later run of the seed must not read a block without noting a refill in it.
    blockListeners: [payoutBlocks, refillBlocks],
  };
}

/**
 * Deposits from outside the bank, dated `when`: the sandbox faucet pays each amount to the customer's
 * deposit address, blocks confirm them and the follower records and credits them, so the customers'
 * money exists on the chain and the hot wallet's coins cover it. A customer whose history holds a deposit
 * already (an earlier run) is not paid again. Each customer then has a fresh deposit address, as the
 * receive screen would give them.
 */
export async function seedDeposits(
  chain: DemoChain,
  payments: ReadonlyArray<{ user: User; amount: bigint }>,
  when: Date,
): Promise<void> {
  const follower = followerAt(chain, when);
  // A run stopped between a payment and its block left it unseen: the follower notes it before anyone pays.
  await syncChain(follower);
  let unconfirmed = false;
  for (const { user, amount } of payments) {
    const deposits = await depositsOf(chain.db, user.id);
    if (deposits.length > 0) {
      // Their first deposit is this step's; a later one still pending is the seed's own (seedPendingDeposit).
      unconfirmed ||= deposits.at(-1)?.status === "pending";
      continue;
    }
    await chain.node.pay(await depositAddressFor({ ctx: follower, userId: user.id }), amount);
    unconfirmed = true;
  }
  if (unconfirmed) {
    await chain.node.mine(chain.confirmations);
    await syncChain(follower);
  }
  for (const { user } of payments) await depositAddressFor({ ctx: follower, userId: user.id });
}

/** The customer's deposits as their history shows them, newest first: receives with a txid, failed ones aside. */
async function depositsOf(db: Db, userId: string, { failed = false } = {}): Promise<WalletTransactionRow[]> {
  const found: WalletTransactionRow[] = [];
  const page: HistoryQuery = { userId, type: "receive", after: null, limit: 500 };
  for (;;) {
    const rows = await listWalletTransactions(db, page);
    for (const { row } of rows)
      if (row.txid !== null && (row.status === "failed") === failed) found.push(row);
    const last = rows.at(-1);
    if (rows.length < page.limit || last === undefined) return found;
    page.after = last.position;
  }
}

/** The demo withdrawal's destination: the key is the SHA-256 of a label, and nobody at the bank holds it. */
export function outsideAddress(network: BitcoinNetwork): string {
  const key = createHash("sha256").update("satsbank-seed:outside-wallet").digest();
  const { address } = p2wpkh(secp256k1.getPublicKey(key, true), networkParams[network].params);
  if (address === undefined) throw new Error("The outside wallet's key gave no address");
  return address;
}

/**
 * A withdrawal to the outside address, dated `when`, carried through as the worker would: a pass pays it
 * out, blocks confirm the payout, a second pass settles it, so the history shows it completed with its
 * txid. Under a fixed idempotency key: a later run gets the first withdrawal back and, unless it is still
 * open, pays nothing.
 */
export async function seedWithdrawal(
  chain: DemoChain,
  withdrawal: { sender: User; amount: bigint; note: string; idempotencyKey: string },
  when: Date,
): Promise<void> {
  const { sender } = withdrawal;
  const sent = await withdraw(chain, withdrawal, when);
  // Completed (or, refused by the network for good, reversed) by an earlier run: nothing left to do.
  if (sent.status !== "pending") return;
  const follower = followerAt(chain, when);
  await runPass(follower);
  await chain.node.mine(chain.confirmations);
  await runPass(follower);
  const row = await findWalletTransaction(chain.db, { userId: sender.id, transactionId: sent.id });
  if (row?.status !== "completed") {
    throw new Error(`The demo withdrawal ${sent.id} did not complete: it is ${row?.status ?? "missing"}`);
  }
}

/**
 * A deposit that leaves the network before it confirms, dated `when`: the faucet pays the customer, the
 * follower notes it pending from the mempool, a block takes it and is reorganised away before the follower
 * reads it, the transaction with it (as if its coins were spent elsewhere); the follower then finds it
 * gone and marks it failed, `failedAfterMs` later. Never credited. Skipped when the customer has a failed
 * deposit already.
 */
export async function seedFailedDeposit(
  chain: DemoChain,
  deposit: { user: User; amount: bigint },
  when: Date,
  failedAfterMs: number,
): Promise<void> {
  const { node } = chain;
  if ((await depositsOf(chain.db, deposit.user.id, { failed: true })).length > 0) return;
  const seen = followerAt(chain, when);
  // Only this payment may be in the block that leaves: anything waiting is confirmed first.
  if ((await node.mempool()).length > 0) await node.mine(chain.confirmations);
  await syncChain(seen);
  await node.pay(await depositAddressFor({ ctx: seen, userId: deposit.user.id }), deposit.amount);
  await syncChain(seen);
  await node.mine(1);
  await node.reorg(1, { drop: true });
  await syncChain(followerAt(chain, new Date(when.getTime() + failedAfterMs)));
  const [failed] = await depositsOf(chain.db, deposit.user.id, { failed: true });
  if (failed?.amount !== deposit.amount) {
    throw new Error(`The demo deposit to ${deposit.user.email} that leaves the network did not fail`);
  }
}

/**
 * A deposit waiting in the mempool, dated `when`: the follower shows it pending at once, and the next
 * block (the sandbox's timer, or `npm run sandbox -- mine`) confirms it. Skipped when the customer has a
 * deposit of this amount already.
 */
export async function seedPendingDeposit(
  chain: DemoChain,
  deposit: { user: User; amount: bigint },
  when: Date,
): Promise<void> {
  const found = await depositsOf(chain.db, deposit.user.id);
  if (found.some((row) => row.amount === deposit.amount)) return;
  const follower = followerAt(chain, when);
  await syncChain(follower);
  await chain.node.pay(await depositAddressFor({ ctx: follower, userId: deposit.user.id }), deposit.amount);
  await syncChain(follower);
}

/**
 * A withdrawal dated `when`, paid out by a worker's pass and left in the mempool: pending with its txid
 * until the next block. Under a fixed idempotency key, as seedWithdrawal.
 */
export async function seedPendingWithdrawal(
  chain: DemoChain,
  withdrawal: { sender: User; amount: bigint; note: string; idempotencyKey: string },
  when: Date,
): Promise<void> {
  const sent = await withdraw(chain, withdrawal, when);
  if (sent.status === "pending") await runPass(followerAt(chain, when));
}

/** The withdrawal to the outside address through the send use case, as the customer's send would make it. */
function withdraw(
  chain: DemoChain,
  withdrawal: { sender: User; amount: bigint; note: string; idempotencyKey: string },
  when: Date,
) {
  return sendBitcoin({
    ctx: {
      db: chain.db,
      clock: fixedClock(when),
      walletKeys: chain.walletKeys,
      withdrawalFeeSats: chain.withdrawalFeeSats,
      sendLimits: chain.sendLimits,
      rp: chain.rp,
      announcer: chain.announcer,
      chainHeight: followerHeight,
      withdrawalPolicy: DEMO_HISTORY_POLICY,
    },
    sender: withdrawal.sender,
    body: {
      recipient: outsideAddress(chain.walletKeys.network),
      amountSats: withdrawal.amount.toString(),
      note: withdrawal.note,
      idempotencyKey: withdrawal.idempotencyKey,
    },
  });
}
