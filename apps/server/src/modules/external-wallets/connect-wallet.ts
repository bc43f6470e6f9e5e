import { type ExternalWallet, externalWalletErrors } from "@satsbank/shared";
import { verifyMessage } from "../../bitcoin/verify-message.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import type { ExternalWalletsContext } from "./context.js";
import {
  claimChallengeAttempt,
  findWalletChallenge,
  markChallengeUsed,
  replaceExternalWallet,
} from "./queries.js";
import { toExternalWallet } from "./views.js";

/** Signatures tried against one challenge: enough to fix a bad paste, too few to matter otherwise. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const challengeGone = () =>
  new AppError("BAD_REQUEST", externalWalletErrors.challengeGone, {
    challengeId: externalWalletErrors.challengeGone,
  });

/**
 * Proof of ownership: the signature must sign the challenge's message with the challenge's address.
 * Each try uses one of the challenge's attempts (counted before the check, kept when it fails); the
 * first good one uses the challenge up and connects the wallet in place of the customer's earlier one,
 * in one db transaction.
 */
export async function connectWallet({
  ctx,
  user,
  challengeId,
  signature,
}: {
  ctx: ExternalWalletsContext;
  user: User;
  challengeId: string;
  signature: string;
}): Promise<ExternalWallet> {
  const notFound = new AppError("NOT_FOUND", "No such challenge: ask for a new message to sign.");
  if (!UUID.test(challengeId)) throw notFound;
  const id = challengeId.toLowerCase();
  const now = ctx.clock.now();
  const challenge = await claimChallengeAttempt(ctx.db, {
    id,
    userId: user.id,
    now,
    maxAttempts: CHALLENGE_MAX_ATTEMPTS,
  });
  if (challenge === undefined) {
    if ((await findWalletChallenge(ctx.db, { id, userId: user.id })) === undefined) throw notFound;
    throw challengeGone();
  }

  const verified = verifyMessage({
    address: challenge.address,
    network: ctx.network,
    message: challenge.message,
    signature,
  });
  if (!verified.ok) {
    const text =
      verified.problem === "malformed"
        ? externalWalletErrors.malformedSignature
        : externalWalletErrors.notSigned;
    throw new AppError("VALIDATION_ERROR", text, { signature: text });
  }

  const row = {
    userId: user.id,
    provider: challenge.provider,
    address: challenge.address,
    message: challenge.message,
    signature: signature.trim(),
    proofFormat: verified.format,
    connectedAt: now,
    label: null,
  };
  await inDbTransaction(ctx.db, async (tx) => {
    if (!(await markChallengeUsed(tx, { id, now }))) throw challengeGone();
    await replaceExternalWallet(tx, row);
  });
  return toExternalWallet(row);
}
