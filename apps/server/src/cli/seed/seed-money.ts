import { createHash } from "node:crypto";
import type { Clock } from "../../adapters/clock.js";
import type { DocumentStorage } from "../../adapters/storage/storage.js";
import type { ChainSetup } from "../../bitcoin/chain/create-chain-backend.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import type { SendLimits } from "../../domain/kyc.js";
import type { Sats } from "../../domain/money.js";
import type { User } from "../../domain/user.js";
import { depositAddressFor } from "../../modules/addresses/index.js";
import { findUserByEmail } from "../../modules/auth/index.js";
import { followerHeight } from "../../modules/chain/index.js";
import { announcerOn } from "../../modules/notifications/index.js";
import type { RelyingParty } from "../../modules/passkeys/index.js";
import { sendBitcoin } from "../../modules/wallet/index.js";
import { demoCustomers, demoStaff } from "./demo-accounts.js";
import {
  type DemoSend,
  demoDeposit,
  demoFailedDeposit,
  demoOpenings,
  demoOpeningTime,
  demoPendingDeposit,
  demoPendingWithdrawal,
  demoSends,
  demoWithdrawal,
} from "./demo-money.js";
import { seedBankCapital } from "./seed-capital.js";
import {
  DEMO_HISTORY_POLICY,
  type DemoChain,
  seedDeposits,
  seedFailedDeposit,
  seedPendingDeposit,
  seedPendingWithdrawal,
  seedWithdrawal,
} from "./seed-chain.js";
import { seedIdentityChecks } from "./seed-kyc.js";
import { at, fixedClock } from "./seed-time.js";

/** A fixed UUID for a seed step: running the seed again repeats the step's key, so nothing moves twice. */
export function seedKey(label: string): string {
  const hex = createHash("sha256").update(`satsbank-seed:${label}`).digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What the seed prints when the chain is not the sandbox: no faucet, so no demo money. */
export const NO_DEMO_MONEY =
  "Demo money not seeded: the demo balances arrive as sandbox deposits, which need CHAIN_BACKEND=sandbox (the accounts are made).";

export type DemoMoneyInput = {
  db: Db;
  clock: Clock;
  walletKeys: WalletKeys;
  /** Where the demo customers' identity documents are kept (STORAGE), as the app keeps uploads. */
  storage: DocumentStorage;
  /** The configured chain: the demo money needs its sandbox node. */
  chain: ChainSetup;
  confirmations: number;
  withdrawalFeeSats: Sats;
  /** The send limits the demo sends are checked against, as the app checks every send. */
  sendLimits: SendLimits;
  /** The bank as WebAuthn knows it (PUBLIC_URL): the send use case checks passkey approvals against it. */
  rp: RelyingParty;
  log: (line: string) => void;
};

/**
 * Makes the demo customers' identity checks (seed-kyc.ts: all verified but three, before anyone sends) and
 * gives each a deposit address; then, on the sandbox chain, pays in the bank's own capital (its sweeps' and
 * refills' miner fees come out of it), funds the customers through deposits, replays the demo sends through
 * the send use case at their times, makes the demo customer's deposit and withdrawal, and leaves what staff
 * find unfinished: a failed deposit, a pending deposit and a pending withdrawal.
 * Idempotent: every step has a fixed key, a customer with a deposit is not paid again, and one with a
 * submission submits nothing again.
 */
export async function seedDemoMoney(input: DemoMoneyInput): Promise<void> {
  const { db, walletKeys } = input;
  const now = input.clock.now();
  const byEmail = new Map<string, User>();
  for (const { email } of demoCustomers) {
    const user = await findUserByEmail(db, email);
    if (user === undefined) throw new Error(`The demo customer ${email} is missing`);
    byEmail.set(email, user);
  }
  const customer = (email: string) => byEmail.get(email) as User;
  const staff = await findUserByEmail(db, demoStaff.email);
  if (staff === undefined) throw new Error(`The demo staff account ${demoStaff.email} is missing`);
  const opened = at(now, demoOpeningTime.daysAgo, demoOpeningTime.time);
  await seedIdentityChecks({ db, storage: input.storage, now, opened, customer, staff });
  for (const user of byEmail.values()) {
    await depositAddressFor({ ctx: { db, clock: fixedClock(opened), walletKeys }, userId: user.id });
  }
  const node = input.chain.sandbox;
  if (node === null) {
    input.log(NO_DEMO_MONEY);
    return;
  }
  const chain: DemoChain = {
    db,
    walletKeys,
    node,
    backend: input.chain.backend,
    confirmations: input.confirmations,
    withdrawalFeeSats: input.withdrawalFeeSats,
    sendLimits: input.sendLimits,
    rp: input.rp,
    announcer: announcerOn(db, (error) => {
      throw error;
    }),
  };
  const openings = demoOpenings.map(([email, amount]) => ({ user: customer(email), amount }));
  await seedBankCapital(chain, opened);
  await seedDeposits(chain, openings, opened);
  await seedDeposits(
    chain,
    [{ user: customer(demoDeposit.email), amount: demoWithdrawal.sats + input.withdrawalFeeSats }],
    at(now, demoDeposit.daysAgo, demoDeposit.time),
  );
  for (const [index, send] of demoSends.entries()) await seedSend({ chain, now, index, send, customer });
  await seedWithdrawal(
    chain,
    {
      sender: customer(demoWithdrawal.email),
      amount: demoWithdrawal.sats,
      note: demoWithdrawal.note,
      idempotencyKey: seedKey(`withdrawal:${demoWithdrawal.email}`),
    },
    at(now, demoWithdrawal.daysAgo, demoWithdrawal.time),
  );
  await seedFailedDeposit(
    chain,
    { user: customer(demoFailedDeposit.email), amount: demoFailedDeposit.sats },
    at(now, demoFailedDeposit.daysAgo, demoFailedDeposit.time),
    FAILED_AFTER_MS,
  );
  // Last, so no block of the seed's confirms them.
  await seedPendingDeposit(
    chain,
    { user: customer(demoPendingDeposit.email), amount: demoPendingDeposit.sats },
    minutesBefore(now, demoPendingDeposit.minutesAgo),
  );
  await seedPendingWithdrawal(
    chain,
    {
      sender: customer(demoPendingWithdrawal.email),
      amount: demoPendingWithdrawal.sats,
      note: demoPendingWithdrawal.note,
      idempotencyKey: seedKey(`withdrawal:${demoPendingWithdrawal.email}:pending`),
    },
    minutesBefore(now, demoPendingWithdrawal.minutesAgo),
  );
  await chain.announcer.idle();
}

/** The failed deposit is found gone this long after it was first seen. */
const FAILED_AFTER_MS = 45 * 60_000;
const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

async function seedSend(input: {
  chain: DemoChain;
  now: Date;
  index: number;
  send: DemoSend;
  customer: (email: string) => User;
}): Promise<void> {
  const { chain, send } = input;
  const ctx = {
    db: chain.db,
    walletKeys: chain.walletKeys,
    withdrawalFeeSats: chain.withdrawalFeeSats,
    sendLimits: chain.sendLimits,
    chainHeight: followerHeight,
    rp: input.chain.rp,
    announcer: input.chain.announcer,
    withdrawalPolicy: DEMO_HISTORY_POLICY,
    clock: fixedClock(at(input.now, send.daysAgo, send.time)),
  };
  const sender = input.customer(send.from);
  // Deactivated by the staff's desk after their sends (a later run): their sends are in already.
  if (sender.status === "inactive") return;
  const payee = input.customer(send.to);
  const text = send.byAddress ? await depositAddressFor({ ctx, userId: payee.id }) : payee.username;
  await sendBitcoin({
    ctx,
    sender,
    body: {
      recipient: text,
      amountSats: send.sats.toString(),
      note: send.note,
      idempotencyKey: seedKey(`send:${input.index}:${send.from}:${send.to}:${send.sats}`),
    },
  });
}
