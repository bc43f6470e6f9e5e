import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, SigHash, Transaction } from "@scure/btc-signer";
import { concat, equalBytes, fromHex, toHex, utf8 } from "./bytes.js";
import { type Check, type EpochFile, epochRootOf } from "./check.js";

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

export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

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

const u32le = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n >>> 0, true);
  return bytes;
};
const u64le = (n: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
};
const compactSize = (n: number) =>
  n < 0xfd ? Uint8Array.of(n) : concat(Uint8Array.of(0xfd), u32le(n).subarray(0, 2));
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes));

/**
 * BIP-143's digest of every input for SIGHASH_ALL, its shared hashes computed once (a proof may spend
 * thousands of coins): `digest(i, scriptCode, amount)`.
 */
export function bip143Digests(
  tx: Transaction,
): (i: number, scriptCode: Uint8Array, amount: bigint) => Uint8Array {
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
  const outpoint = (i: number) => {
    const input = inputs[i];
    if (input?.txid === undefined || input.index === undefined) throw new Error(`Input ${i} has no outpoint`);
    return concat(input.txid.slice().reverse(), u32le(input.index));
  };
  const sequence = (i: number) => u32le(inputs[i]?.sequence ?? 0xffffffff);
  const hashPrevouts = sha256d(concat(...inputs.map((_, i) => outpoint(i))));
  const hashSequence = sha256d(concat(...inputs.map((_, i) => sequence(i))));
  const hashOutputs = sha256d(
    concat(
      ...Array.from({ length: tx.outputsLength }, (_, j) => {
        const output = tx.getOutput(j);
        if (output.script === undefined || output.amount === undefined)
          throw new Error(`Output ${j} is incomplete`);
        return concat(u64le(output.amount), compactSize(output.script.length), output.script);
      }),
    ),
  );
  return (i, scriptCode, amount) =>
    sha256d(
      concat(
        u32le(tx.version),
        hashPrevouts,
        hashSequence,
        outpoint(i),
        compactSize(scriptCode.length),
        scriptCode,
        u64le(amount),
        sequence(i),
        hashOutputs,
        u32le(tx.lockTime),
        u32le(SigHash.ALL),
      ),
    );
}

/** Whether `signature` (DER + SIGHASH_ALL) by `publicKey` verifies for `digest`: strict DER, low S. */
function verifiesAll(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.at(-1) !== SigHash.ALL) return false;
  try {
    return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: "der",
      lowS: true,
    });
  } catch {
    return false;
  }
}

/** The signatures an input offers: its partial signatures, or the pairs of a finalised witness. */
function offered(tx: Transaction, i: number): [publicKey: Uint8Array, signature: Uint8Array][] {
  const input = tx.getInput(i);
  const partial = (input.partialSig ?? []).map(([key, sig]): [Uint8Array, Uint8Array] => [key, sig]);
  const witness = input.finalScriptWitness ?? [];
  if (partial.length > 0 || witness.length !== 2) return partial;
  const [sig, key] = witness as [Uint8Array, Uint8Array];
  return [[key, sig]];
}

/**
 * Why coin `coin` of the proof is not signed as its script demands, or null when it is: P2WPKH, the key
 * hashing to its program signs; P2WSH, its witness script hashes to the program, is an m-of-n multisig and m
 * different keys of it sign. Anything else is not a script this verifier checks.
 */
export function coinSignatureProblem(
  tx: Transaction,
  coin: ProofCoin,
  digest: (i: number, scriptCode: Uint8Array, amount: bigint) => Uint8Array,
): string | null {
  const name = `The coin ${coin.txid}:${coin.vout} (input ${coin.input})`;
  const { script } = coin;
  const signatures = offered(tx, coin.input);
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) {
    const program = script.subarray(2);
    const scriptCode = concat(Uint8Array.of(0x76, 0xa9, 0x14), program, Uint8Array.of(0x88, 0xac));
    const hash = digest(coin.input, scriptCode, coin.valueSats);
    const signed = signatures.some(
      ([key, sig]) => equalBytes(hash160(key), program) && verifiesAll(sig, hash, key),
    );
    return signed ? null : `${name} carries no valid signature by its key for this proof`;
  }
  if (script.length === 34 && script[0] === 0x00 && script[1] === 0x20) {
    const witnessScript = tx.getInput(coin.input).witnessScript;
    if (witnessScript === undefined || !equalBytes(sha256(witnessScript), script.subarray(2)))
      return `${name} does not give the witness script its address commits to`;
    let multisig: { m: number; pubkeys: Uint8Array[] };
    try {
      const decoded = OutScript.decode(witnessScript);
      if (decoded.type !== "ms") return `${name} is not a multisig script this verifier checks`;
      multisig = decoded;
    } catch {
      return `${name} is not a multisig script this verifier checks`;
    }
    const hash = digest(coin.input, witnessScript, coin.valueSats);
    const signers = new Set<string>();
    for (const [key, sig] of signatures) {
      if (multisig.pubkeys.some((k) => equalBytes(k, key)) && verifiesAll(sig, hash, key))
        signers.add(toHex(key));
    }
    return signers.size >= multisig.m
      ? null
      : `${name} is signed by ${signers.size} of the ${multisig.m} keys its script needs`;
  }
  return `${name} pays a script this verifier does not check (only P2WPKH and P2WSH multisig)`;
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
