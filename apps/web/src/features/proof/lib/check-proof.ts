import type { EpochProof } from "@satsbank/shared";
import {
  type EpochRoot,
  equalBytes,
  fromHex,
  leafNode,
  rootFromPath,
  type SumNode,
  U64_MAX,
  verifyRootSignature,
} from "@satsbank/verify";
import type { MyLeafWire } from "../api/get-my-leaf";

// The customer's proof, checked here in the browser from the raw data the bank published
// (docs/proof-of-reserves.md): the bank is never asked whether it is valid. Each failure is said in words.

/** What the checks found: every failure in words (none: the customer's balance is counted). */
export type ProofCheck =
  | { ok: true; balance: bigint; total: bigint; epoch: bigint; blockHeight: bigint }
  | { ok: false; failures: string[] };

const DECIMAL = /^(0|[1-9]\d*)$/;

/** A decimal string as an amount of the tree (0 to 2^64 - 1 satoshis), or null. */
function amountOf(text: string): bigint | null {
  if (!DECIMAL.test(text)) return null;
  const value = BigInt(text);
  return value <= U64_MAX ? value : null;
}

function epochRootOf(proof: EpochProof): EpochRoot {
  const { root } = proof;
  return {
    epoch: BigInt(root.epoch),
    rootHash: fromHex(root.rootHash, "the root hash", 32),
    total: BigInt(root.total),
    leafCount: BigInt(root.leafCount),
    ledgerPosition: BigInt(root.ledgerPosition),
    blockHeight: BigInt(root.blockHeight),
    blockHash: fromHex(root.blockHash, "the block hash", 32),
    time: BigInt(root.time),
  };
}

export function checkProof(proof: EpochProof, mine: MyLeafWire): ProofCheck {
  const failures: string[] = [];
  const root = epochRootOf(proof);

  const signed = verifyRootSignature(
    root,
    fromHex(proof.signature, "the signature", 64),
    fromHex(proof.bank.publicKey, "the bank's public key", 32),
  );
  if (!signed) failures.push("The bank's signature on this epoch does not verify with its published key.");

  if (BigInt(mine.epoch) !== root.epoch) {
    failures.push(`Your leaf and path are for epoch ${mine.epoch}, not epoch ${root.epoch}.`);
  }
  if (mine.path.length !== proof.depth) {
    failures.push(
      `Your path has ${mine.path.length} steps, but this epoch's tree is ${proof.depth} levels deep.`,
    );
  }

  const balance = amountOf(mine.balance);
  if (balance === null) failures.push("Your balance in the proof is not an amount.");
  const path: SumNode[] = [];
  for (const [level, sibling] of mine.path.entries()) {
    const sum = amountOf(sibling.sum);
    if (sum === null) {
      failures.push(`The sum on your path at level ${level + 1} is not an amount.`);
    } else {
      path.push({ hash: fromHex(sibling.hash, "a path's hash", 32), sum });
    }
  }
  if (balance === null || path.length !== mine.path.length) return { ok: false, failures };

  const leaf = leafNode({
    salt: fromHex(mine.salt, "your salt", 32),
    accountId: BigInt(mine.accountId),
    balance,
  });
  let reached: SumNode;
  try {
    reached = rootFromPath(leaf, mine.index, path);
  } catch {
    // The only refusals left: a sum past 2^64 - 1 on the way up, or an index the path cannot hold.
    failures.push("Your path cannot lead to a root: its sums overflow or your position does not fit it.");
    return { ok: false, failures };
  }
  if (!equalBytes(reached.hash, root.rootHash)) {
    failures.push(
      "Your path does not lead to the published root: your leaf (salt, account, balance) or a hash or sum on your path is not what the bank signed.",
    );
  }
  if (reached.sum !== root.total) {
    failures.push("The sums along your path do not add up to the bank's published total liabilities.");
  }

  if (failures.length > 0) return { ok: false, failures };
  return { ok: true, balance, total: root.total, epoch: root.epoch, blockHeight: root.blockHeight };
}
