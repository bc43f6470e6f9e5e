import type { Books } from "@satsbank/shared";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { Db } from "../../db/client.js";
import { findLastBlock } from "./queries.js";

/** The chain backend's tip is asked with this deadline: a backend that does not answer is "unavailable". */
export const TIP_TIMEOUT_MS = 5_000;

/** The backend's best block, or why it could not be had in time: never an error of the Books endpoint. */
export async function askTip(chain: ChainBackend, timeoutMs: number): Promise<Books["chain"]["tip"]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const tip = await Promise.race([chain.tip(), deadline]);
    return { available: true, height: tip.height, hash: tip.hash };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { available: false, reason: `The chain backend (${chain.name}) did not answer: ${reason}` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The height of the last block the follower processed (null before the first): what a transaction's
 * confirmations are counted against, so every screen counts the same as the follower credits.
 */
export async function followerHeight(db: Db): Promise<number | null> {
  return (await findLastBlock(db))?.height ?? null;
}
