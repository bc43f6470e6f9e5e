import { RECEIVE_CHAIN } from "../../bitcoin/keys.js";
import { receiveAddress } from "../../bitcoin/wallet-keys.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import type { AddressesContext } from "./context.js";
import { findCurrentDepositAddress, insertDepositAddress, lockNextIndex } from "./queries.js";

/**
 * The customer's current deposit address on the bank's network: their newest one, until a payment to it
 * is seen; then (and on first need) the next unused index of the BIP84 receive chain. Old addresses stay
 * theirs and keep crediting them. Assignments take the chain's counter lock, so two at once never share
 * an index and a customer never gets two new addresses at once.
 */
export async function depositAddressFor(args: { ctx: AddressesContext; userId: string }): Promise<string> {
  return (await currentDepositAddress(args)).address;
}

/** The customer's current deposit address (depositAddressFor) with their label of it. */
export async function currentDepositAddress({
  ctx,
  userId,
}: {
  ctx: AddressesContext;
  userId: string;
}): Promise<{ address: string; label: string | null }> {
  const network = ctx.walletKeys.network;
  const existing = await findCurrentDepositAddress(ctx.db, { userId, network });
  if (existing !== undefined) return existing;
  return inDbTransaction(ctx.db, async (tx) => {
    const index = await lockNextIndex(tx, { network, chain: RECEIVE_CHAIN });
    // Another request for this customer may have assigned one while this one waited for the lock.
    const assigned = await findCurrentDepositAddress(tx, { userId, network });
    if (assigned !== undefined) return assigned;
    const address = receiveAddress(ctx.walletKeys, index);
    await insertDepositAddress(tx, {
      address,
      userId,
      network,
      chain: RECEIVE_CHAIN,
      chainIndex: index,
      createdAt: ctx.clock.now(),
      usedAt: null,
      label: null,
    });
    return { address, label: null };
  });
}
