import type { Db } from "../../db/client.js";
import type { Sats } from "../../domain/money.js";
import {
  gateWithdrawal,
  HOUR_MS,
  type WithdrawalGate,
  type WithdrawalPolicy,
} from "../../domain/withdrawal-policy.js";
import { countWithdrawalsSince, paidAddressBefore } from "./policy-queries.js";

/**
 * What the withdrawal policy asks of a withdrawal of `amount` to `address` by this customer at `at`: a hold
 * when they never paid the address, approvals by amount or by their pace this hour: the quote's preview.
 * The send decides in wallet_send() (drizzle/0040), which mirrors gateWithdrawal under the customer's
 * send-limit lock, so two sends of theirs never both count the same past.
 */
export async function withdrawalGate(
  db: Db,
  entry: { userId: string; address: string; amount: Sats; at: Date; policy: WithdrawalPolicy },
): Promise<WithdrawalGate> {
  const [paidBefore, earlierThisHour] = await Promise.all([
    paidAddressBefore(db, entry),
    countWithdrawalsSince(db, { userId: entry.userId, since: new Date(entry.at.getTime() - HOUR_MS) }),
  ]);
  return gateWithdrawal({
    policy: entry.policy,
    amount: entry.amount,
    paidBefore,
    earlierThisHour,
    at: entry.at,
  });
}
