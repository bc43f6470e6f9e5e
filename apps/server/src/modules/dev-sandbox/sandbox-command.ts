import { SandboxRefusal } from "../../bitcoin/chain/sandbox-controls.js";
import { AppError } from "../../domain/app-error.js";

/**
 * Runs a sandbox command and then the chain follower. A refusal of the node (an invalid address, an
 * empty faucet, a reorganisation deeper than the chain) is the caller's mistake: a 400 with its words.
 */
export async function sandboxCommand<T>(
  work: () => Promise<T>,
  syncChainNow: () => Promise<unknown>,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof SandboxRefusal) throw new AppError("BAD_REQUEST", error.message);
    throw error;
  }
  await syncChainNow();
  return result;
}
