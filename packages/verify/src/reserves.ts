import { sha256 } from "@noble/hashes/sha2.js";
import { Transaction } from "@scure/btc-signer";
import { equalBytes, fromHex, toHex, utf8 } from "./bytes.js";
import { type Check, type EpochFile, epochRootOf } from "./check.js";
import { bip143Digests, coinSignatureProblem } from "./signatures.js";

// The reserves proof of an epoch (docs/proof-of-reserves.md, "The reserves proof"): a BIP-127 transaction
// that can never be broadcast. Input 0 spends output 0 of the commitment SHA256("Proof-of-Reserves: " +
// message), a transaction that does not exist; every other input is a coin of the bank, signed SIGHASH_ALL
// (BIP-143), so each signature commits to the commitment too; one output pays their sum back to the bank.
// Checked here from the raw PSBT: the commitment, each coin's signatures, the sums. Whether each coin was
// unspent at the stated block is the chain's to say (chain.ts, `--chain`).

/** `reserves` of `GET /api/proof/:epoch`, as far as the checks read it. */
export type ReservesFile = {
  status: string;
  message: string;
  blockHeight: string;
  blockHash: string;
  total: string;
  coinCount: number;
  /** The PSBT (BIP-174), base64. */
  psbt: string;
};

export const POR_PREFIX = "Proof-of-Reserves: ";

/** What an epoch's reserves proof commits to: the bank's name, the epoch and its liabilities root. */
export function reservesMessage(bankName: string, epoch: bigint, rootHash: Uint8Array): string {
  return `${bankName} epoch ${epoch} liabilities root ${toHex(rootHash)}`;
}

/** SHA256("Proof-of-Reserves: " + message): the 32 bytes input 0's outpoint carries as its txid (as serialised). */
export function commitmentHash(message: string): Uint8Array {
  return sha256(utf8(`${POR_PREFIX}${message}`));
}

/** The commitment as a txid is written (hex of the bytes reversed, as every txid is shown). */
export function commitmentTxid(message: string): string {
  return toHex(commitmentHash(message).slice().reverse());
}

/** A coin of the proof (inputs 1 and on), as the PSBT states it. */
export type ProofCoin = {
  input: number;
  /** As txids are shown (big-endian hex). */
  txid: string;
  vout: number;
  valueSats: bigint;
  script: Uint8Array;
};

/** What the proof's PSBT says, read without judging it. */
export type ReadReserves = {
  tx: Transaction;
  coins: ProofCoin[];
  total: bigint;
};

/** The PSBT of a reserves proof, or a thrown Error saying why it is not one. */
export function readReservesPsbt(base64: string): ReadReserves {
  let tx: Transaction;
  try {
    const bytes = Uint8Array.from(atob(base64.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
    tx = Transaction.fromPSBT(bytes, { allowUnknownInputs: true, allowUnknownOutputs: true });
  } catch (error) {
    throw new Error(`The reserves proof is not a readable PSBT (${(error as Error).message})`);
  }
  const coins: ProofCoin[] = [];
  for (let i = 1; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (input.txid === undefined || input.index === undefined || input.witnessUtxo === undefined) {
      throw new Error(`Input ${i} of the reserves proof does not state its coin (outpoint, value, script)`);
    }
    coins.push({
      input: i,
      txid: toHex(input.txid),
      vout: input.index,
      valueSats: input.witnessUtxo.amount,
      script: input.witnessUtxo.script,
    });
  }
  return { tx, coins, total: coins.reduce((sum, coin) => sum + coin.valueSats, 0n) };
}

const btc = (sats: bigint) => `${sats} sat`;

/**
 * The checks of an epoch's reserves proof, from the raw PSBT: it commits to this epoch's root, names the
 * epoch's block, every coin is signed as its script demands, its one output pays the coins' sum back, the
 * stated total and count are the coins', and the coins cover the liabilities. `read` is the PSBT as read (for
 * the chain's check), or null when it could not be.
 */
export function checkReserves(
  epoch: {
    bankName: string;
    epoch: bigint;
    rootHash: Uint8Array;
    total: bigint;
    blockHeight: bigint;
    blockHash: string;
  },
  reserves: ReservesFile,
): { checks: Check[]; read: ReadReserves | null } {
  let read: ReadReserves;
  try {
    read = readReservesPsbt(reserves.psbt);
  } catch (error) {
    return { checks: [{ ok: false, says: (error as Error).message }], read: null };
  }
  const { tx, coins, total } = read;
  const checks: Check[] = [];
  const message = reservesMessage(epoch.bankName, epoch.epoch, epoch.rootHash);
  const first = tx.inputsLength > 0 ? tx.getInput(0) : undefined;
  const commits =
    first?.txid !== undefined &&
    first.index === 0 &&
    equalBytes(first.txid, fromHex(commitmentTxid(message), "the commitment", 32));
  checks.push(
    reserves.message !== message
      ? { ok: false, says: `The reserves proof's message is not this epoch's ("${message}")` }
      : commits
        ? { ok: true, says: `The reserves proof commits to "${message}"` }
        : { ok: false, says: `The reserves proof's input 0 is not the commitment to "${message}"` },
  );
  const sameBlock =
    reserves.blockHeight === String(epoch.blockHeight) && reserves.blockHash === epoch.blockHash;
  checks.push(
    sameBlock
      ? { ok: true, says: `Its coins are stated unspent at the epoch's block ${epoch.blockHeight}` }
      : {
          ok: false,
          says: `It names block ${reserves.blockHeight}, not the epoch's block ${epoch.blockHeight}`,
        },
  );
  if (reserves.status === "awaiting_signatures") {
    checks.push({
      ok: false,
      says: "The reserves proof is not complete: the vault's key holders have not signed it yet",
    });
  }
  const digest = bip143Digests(tx);
  const problems = coins.flatMap((coin) => {
    const problem = coinSignatureProblem(tx, coin, digest);
    return problem === null ? [] : [problem];
  });
  for (const says of problems) checks.push({ ok: false, says });
  if (problems.length === 0 && reserves.status !== "awaiting_signatures")
    checks.push({ ok: true, says: `Each of its ${coins.length} coins is signed by its keys for this proof` });
  const output = tx.outputsLength === 1 ? tx.getOutput(0) : undefined;
  if (output?.amount !== total)
    checks.push({ ok: false, says: "Its outputs are not one output paying the coins' sum back to the bank" });
  if (reserves.total !== total.toString() || reserves.coinCount !== coins.length) {
    checks.push({
      ok: false,
      says: `It states ${reserves.total} sat in ${reserves.coinCount} coins; its coins hold ${btc(total)} in ${coins.length}`,
    });
  }
  checks.push(
    total >= epoch.total
      ? { ok: true, says: `Reserves of ${btc(total)} cover the liabilities of ${btc(epoch.total)}` }
      : { ok: false, says: `Reserves of ${btc(total)} are below the liabilities of ${btc(epoch.total)}` },
  );
  return { checks, read };
}

/** The reserves checks of an epoch file (`satsbank-verify proof`, the customer's page). */
export function checkEpochReserves(file: EpochFile): { checks: Check[]; read: ReadReserves | null } {
  if (file.reserves === undefined || file.reserves === null) {
    return { checks: [{ ok: false, says: "This epoch carries no reserves proof" }], read: null };
  }
  const root = epochRootOf(file);
  return checkReserves(
    {
      bankName: file.bank.name,
      epoch: root.epoch,
      rootHash: root.rootHash,
      total: root.total,
      blockHeight: root.blockHeight,
      blockHash: file.root.blockHash,
    },
    file.reserves,
  );
}
