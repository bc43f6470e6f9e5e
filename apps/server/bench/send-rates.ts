// The rates the sends bench (sends.bench.ts) and its experiment (send-parts.experiment.ts) measure beside
// the HTTP sends: the ledger's own posting rate, and wallet_send() called directly.
import { randomUUID } from "node:crypto";
import { systemClock } from "../src/adapters/clock.js";
import { deriveWalletKeys } from "../src/bitcoin/wallet-keys.js";
import type { Db } from "../src/db/client.js";
import { withRetries } from "../src/db/db-transaction.js";
import { sats } from "../src/domain/money.js";
import { InsufficientFundsError } from "../src/ledger/errors.js";
import { postTransfers } from "../src/ledger/post-transfers.js";
import { findUserById } from "../src/modules/auth/index.js";
import { followerHeight } from "../src/modules/chain/index.js";
import { announcerOn } from "../src/modules/notifications/index.js";
import { relyingPartyOf } from "../src/modules/passkeys/index.js";
import { sendBitcoin } from "../src/modules/wallet/index.js";
import { TEST_WALLET_MNEMONIC, testConfig } from "../src/test/test-config.js";
import type { BenchCustomer } from "./bench-app.js";

/** Transfers per second that postTransfers sustains with `workers` at once between `accounts`. */
export async function postingRate(db: Db, accounts: number[], workers: number, seconds: number) {
  let transfers = 0;
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)] as number;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const debit = pick();
      let credit = pick();
      while (credit === debit) credit = pick();
      const amount = sats(BigInt(1 + Math.floor(Math.random() * 1000)));
      try {
        await withRetries(() =>
          postTransfers(db, [{ debit, credit, amount, kind: "customer_transfer" }], {
            idempotencyKey: `bench-posting:${randomUUID()}`,
            at: new Date(),
          }),
        );
        transfers += 1;
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return transfers / ((performance.now() - started) / 1000);
}

/**
 * Sends per second that wallet_send() sustains called directly (sendBitcoin, no HTTP, no session look-up,
 * no rate limit), one in flight per customer: the database's share of a send through the API.
 */
export async function walletSendRate(db: Db, customers: readonly BenchCustomer[], seconds: number) {
  const ctx = {
    db,
    clock: systemClock,
    walletKeys: deriveWalletKeys(TEST_WALLET_MNEMONIC, "regtest"),
    withdrawalFeeSats: sats(1000n),
    sendLimits: { level1: sats(10n ** 15n), level2: sats(10n ** 15n) },
    chainHeight: followerHeight,
    withdrawalPolicy: testConfig().withdrawalPolicy,
    rp: relyingPartyOf(testConfig()),
    announcer: announcerOn(db, (error) => {
      throw error;
    }),
  };
  let sends = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (customer: BenchCustomer) => {
    const sender = await findUserById(db, customer.id);
    if (sender === undefined) throw new Error(`no customer ${customer.id}`);
    while (performance.now() < deadline) {
      let payee = customers[Math.floor(Math.random() * customers.length)] as BenchCustomer;
      while (payee.id === customer.id)
        payee = customers[Math.floor(Math.random() * customers.length)] as BenchCustomer;
      const amountSats = String(1 + Math.floor(Math.random() * 1000));
      await sendBitcoin({
        ctx,
        sender,
        body: { recipient: payee.username, amountSats, idempotencyKey: randomUUID() },
      });
      sends += 1;
    }
  };
  await Promise.all(customers.map(worker));
  await ctx.announcer.idle();
  return sends / ((performance.now() - started) / 1000);
}
