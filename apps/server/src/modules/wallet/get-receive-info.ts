import type { ReceiveInfo } from "@satsbank/shared";
import type { User } from "../../domain/user.js";
import { currentDepositAddress } from "../addresses/index.js";
import type { WalletContext } from "./context.js";

/**
 * Where the customer can be paid: their current deposit address (assigned on first need) with its BIP21
 * URI, and their username for transfers inside the bank. The URI keeps the address as issued (lower case);
 * BIP21's upper-case form only makes a QR code a little denser.
 */
export async function getReceiveInfo({
  ctx,
  customer,
}: {
  ctx: Pick<WalletContext, "db" | "clock" | "walletKeys">;
  customer: Pick<User, "id" | "username">;
}): Promise<ReceiveInfo> {
  const { address, label } = await currentDepositAddress({ ctx, userId: customer.id });
  return {
    address,
    label,
    uri: `bitcoin:${address}`,
    username: customer.username,
    network: ctx.walletKeys.network,
  };
}
