import { createHash } from "node:crypto";
import type { Clock } from "../../adapters/clock.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";
import { sats } from "../../domain/money.js";
import type { User } from "../../domain/user.js";
import { findUserByEmail } from "../../modules/auth/queries.js";
import { markVerified } from "../../modules/kyc/mark-verified.js";
import { depositAddressFor } from "../../modules/wallet/deposit-address.js";
import { sendBitcoin } from "../../modules/wallet/send-bitcoin.js";
import { demoCustomers } from "./demo-accounts.js";
import { type DemoSend, demoOpenings, demoSends } from "./demo-money.js";
import { fundFromEquity } from "./fund-from-equity.js";

/** A fixed UUID for a seed step: running the seed again repeats the step's key, so nothing moves twice. */
export function seedKey(label: string): string {
  const hex = createHash("sha256").update(`satsbank-seed:${label}`).digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function at(now: Date, daysAgo: number, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
  return new Date(day.getTime() + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000);
}

const fixed = (when: Date): Clock => ({ now: () => when });

/**
 * Verifies every demo customer, gives each a deposit address and an opening balance, then replays the
 * demo sends through the send use case at their times. Idempotent: every step has a fixed key.
 */
export async function seedDemoMoney({
  db,
  clock,
  walletKeys,
}: {
  db: Db;
  clock: Clock;
  walletKeys: WalletKeys;
}) {
  const now = clock.now();
  const byEmail = new Map<string, User>();
  for (const { email } of demoCustomers) {
    const user = await findUserByEmail(db, email);
    if (user === undefined) throw new Error(`The demo customer ${email} is missing`);
    byEmail.set(email, user);
  }
  const customer = (email: string) => byEmail.get(email) as User;
  const opened = at(now, 45, "09:00");
  for (const user of byEmail.values()) {
    await markVerified({ ctx: { db, clock: fixed(opened) }, userId: user.id });
    await depositAddressFor({ ctx: { db, clock: fixed(opened), walletKeys }, userId: user.id });
  }
  for (const [email, amount] of demoOpenings) {
    const userId = customer(email).id;
    await fundFromEquity({
      ctx: { db, clock: fixed(opened) },
      userId,
      amount: sats(amount),
      idempotencyKey: `seed:opening:${email}`,
    });
  }
  for (const [index, send] of demoSends.entries())
    await seedSend({ db, walletKeys, now, index, send, customer });
}

async function seedSend(input: {
  db: Db;
  walletKeys: WalletKeys;
  now: Date;
  index: number;
  send: DemoSend;
  customer: (email: string) => User;
}): Promise<void> {
  const { db, walletKeys, send } = input;
  const ctx = {
    db,
    walletKeys,
    withdrawalFeeSats: sats(1000n),
    clock: fixed(at(input.now, send.daysAgo, send.time)),
  };
  const payee = input.customer(send.to);
  const text = send.byAddress ? await depositAddressFor({ ctx, userId: payee.id }) : payee.username;
  await sendBitcoin({
    ctx,
    sender: input.customer(send.from),
    body: {
      recipient: text,
      amountSats: send.sats.toString(),
      note: send.note,
      idempotencyKey: seedKey(`send:${input.index}:${send.from}:${send.to}:${send.sats}`),
    },
  });
}
