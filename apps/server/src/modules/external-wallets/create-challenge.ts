import { randomBytes, randomUUID } from "node:crypto";
import { externalWalletErrors, type WalletChallenge, type WalletProviderId } from "@satsbank/shared";
import { addressScript } from "../../bitcoin/verify-message.js";
import { addressChecker } from "../../bitcoin/wallet-keys.js";
import { AppError } from "../../domain/app-error.js";
import { canonicalAddress } from "../../domain/recipient.js";
import type { User } from "../../domain/user.js";
import type { ExternalWalletsContext } from "./context.js";
import { replaceWalletChallenge } from "./queries.js";

/** How long a message may wait for its signature. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** The text to sign: who asks, for which address, a nonce nobody can guess and when it stops working. */
export function challengeMessage({
  brandName,
  address,
  nonce,
  expiresAt,
}: {
  brandName: string;
  address: string;
  nonce: string;
  expiresAt: Date;
}): string {
  return `${brandName} wants you to prove you control ${address}. Nonce: ${nonce}. Expires: ${expiresAt.toISOString()}`;
}

function refuse(message: string): never {
  throw new AppError("VALIDATION_ERROR", message, { address: message });
}

/**
 * A new message for the customer to sign with `address`: an address of the bank's network that one key
 * can prove (P2PKH, P2SH-P2WPKH, P2WPKH, P2TR). It replaces the customer's earlier challenge.
 */
export async function createWalletChallenge({
  ctx,
  user,
  provider,
  address: typed,
}: {
  ctx: ExternalWalletsContext;
  user: User;
  provider: WalletProviderId;
  address: string;
}): Promise<WalletChallenge> {
  const address = canonicalAddress(typed.trim());
  const check = addressChecker(ctx.network)(address);
  if (check === "other-network") refuse(externalWalletErrors.otherNetworkAddress);
  if (check === "not-an-address") refuse(externalWalletErrors.invalidAddress);
  if (addressScript(address, ctx.network) === undefined) refuse(externalWalletErrors.unsupportedAddress);

  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const id = randomUUID();
  const message = challengeMessage({
    brandName: ctx.brandName,
    address,
    nonce: randomBytes(16).toString("hex"),
    expiresAt,
  });
  await replaceWalletChallenge(ctx.db, {
    id,
    userId: user.id,
    provider,
    address,
    message,
    createdAt: now,
    expiresAt,
  });
  return { challengeId: id, provider, address, message, expiresAt: expiresAt.toISOString() };
}
