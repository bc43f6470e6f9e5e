import type { HDKey } from "@scure/bip32";
import type { Transaction } from "@scure/btc-signer";
import { equalBytes } from "../script-bytes.js";
import { multisigKeys } from "./psbt.js";

// What a key holder's signer does with a vault PSBT, for development and tests (`npm run vault -- sign`):
// sign every input one of its keys belongs to, and nothing else. It never finalises: the server gathers
// the signatures, checks them and finalises.

/** How far the key holder's account is searched for an input that names no derivation of this key. */
export const SEARCH_GAP = 1000;

export type SignedInput = { input: number; path: readonly number[] };
export type SkippedInput = { input: number; reason: string };

// The key's children on the account's receive and change chains, derived once and only when an input needs
// them: pubkey hex -> path below the master.
function accountChildren(master: HDKey, accountPath: readonly number[]): Map<string, readonly number[]> {
  let account = master;
  for (const step of accountPath) account = account.deriveChild(step);
  const children = new Map<string, readonly number[]>();
  for (const chain of [0, 1]) {
    const chainKey = account.deriveChild(chain);
    for (let index = 0; index < SEARCH_GAP; index++) {
      const child = chainKey.deriveChild(index);
      if (child.publicKey)
        children.set(Buffer.from(child.publicKey).toString("hex"), [...accountPath, chain, index]);
    }
  }
  return children;
}

function derivePath(master: HDKey, path: readonly number[]): HDKey {
  let key = master;
  for (const step of path) key = key.deriveChild(step);
  return key;
}

/**
 * Signs, with `master`'s key, every input of `tx` whose multisig witness script holds one of its children:
 * found by the input's bip32Derivation (this master's fingerprint and a path whose key is in the script), or
 * else among the first SEARCH_GAP children of both chains of `accountPath`. Never finalises.
 */
export function signVaultInputs(
  tx: Transaction,
  master: HDKey,
  accountPath: readonly number[],
): { signed: SignedInput[]; skipped: SkippedInput[] } {
  const signed: SignedInput[] = [];
  const skipped: SkippedInput[] = [];
  let children: Map<string, readonly number[]> | null = null;
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const script = input.witnessScript === undefined ? null : multisigKeys(input.witnessScript);
    if (script === null) {
      skipped.push({ input: i, reason: "no multisig witness script" });
      continue;
    }
    const inScript = (publicKey: Uint8Array | null) =>
      publicKey !== null && script.pubkeys.some((key) => equalBytes(key, publicKey));
    let path: readonly number[] | undefined = (input.bip32Derivation ?? [])
      .filter(([, derivation]) => derivation.fingerprint === master.fingerprint)
      .map(([publicKey, derivation]) => ({ publicKey, path: derivation.path }))
      .find(
        ({ publicKey, path }) =>
          inScript(publicKey) &&
          equalBytes(derivePath(master, path).publicKey ?? new Uint8Array(), publicKey),
      )?.path;
    if (path === undefined) {
      children ??= accountChildren(master, accountPath);
      path = script.pubkeys
        .map((key) => children?.get(Buffer.from(key).toString("hex")))
        .find((p) => p !== undefined);
    }
    if (path === undefined) {
      skipped.push({ input: i, reason: "none of its keys is this key's" });
      continue;
    }
    const child = derivePath(master, path);
    if (!child.privateKey) throw new Error("The key file holds no private key");
    tx.signIdx(child.privateKey, i);
    signed.push({ input: i, path });
  }
  return { signed, skipped };
}
