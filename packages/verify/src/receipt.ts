import { schnorr } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { concat, fromHex, ProofFormatError, u64be, utf8 } from "./bytes.js";
import type { Check, EpochFile, LeafFile } from "./check.js";

// A customer's receipt (docs/proof-of-reserves.md, "Receipts"): one transaction as the ledger posted it and
// the customer's balance right after, signed with the bank's proof key. Against a later epoch's leaf it is
// the customer's evidence of what the bank owed them.

export const RECEIPT_TAG = utf8("satsbank/receipt/v1");
export const RECEIPT_FORMAT = "satsbank-receipt/1";

/** What the bank signs of one transaction (the fields of the receipt message, in its order). */
export type ReceiptFacts = {
  /** The transaction's UUID as its 16 bytes. */
  transactionId: Uint8Array;
  /** The customer's ledger account: every epoch's leaf names the same id. */
  accountId: bigint;
  /** The history's type: "send" or "receive". */
  type: string;
  /** Signed: negative when it left the account (its fee apart). */
  amount: bigint;
  fee: bigint;
  /** The account's balance right after the posting, in satoshis. */
  balanceAfter: bigint;
  /** When the ledger posted it, in seconds since 1970-01-01 UTC. */
  time: bigint;
  /** The posting's last ledger transfer id: comparable with an epoch's ledger position. */
  ledgerPosition: bigint;
};

/** `GET /api/transactions/:id/receipt`, as far as the checks read it. */
export type ReceiptFile = {
  format: string;
  bank: { name: string; publicKey: string; keyPath: string };
  receipt: {
    transactionId: string;
    accountId: string;
    type: string;
    amount: string;
    fee: string;
    balanceAfter: string;
    time: string;
    ledgerPosition: string;
  };
  signature: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID in its canonical (lower-case) text as its 16 bytes. */
export function uuidBytes(text: string): Uint8Array {
  if (!UUID.test(text)) throw new ProofFormatError("the transaction id is not a lower-case UUID");
  return fromHex(text.replaceAll("-", ""), "the transaction id", 16);
}

/**
 * The 32 bytes the bank signs: SHA-256(RECEIPT_TAG || transactionId (16 bytes) || u64(accountId) ||
 * u64(type's UTF-8 length) || type || direction (1 byte: 0 in, 1 out) || u64(|amount|) || u64(fee) ||
 * u64(balanceAfter) || u64(time) || u64(ledgerPosition)).
 */
export function receiptMessage(facts: ReceiptFacts): Uint8Array {
  if (facts.transactionId.length !== 16) throw new ProofFormatError("the transaction id must be 16 bytes");
  const type = utf8(facts.type);
  const out = facts.amount < 0n;
  return sha256(
    concat(
      RECEIPT_TAG,
      facts.transactionId,
      u64be(facts.accountId),
      u64be(BigInt(type.length)),
      type,
      Uint8Array.of(out ? 1 : 0),
      u64be(out ? -facts.amount : facts.amount),
      u64be(facts.fee),
      u64be(facts.balanceAfter),
      u64be(facts.time),
      u64be(facts.ledgerPosition),
    ),
  );
}

/** The BIP-340 signature of the receipt's message with `privateKey` (the bank's; tests' own keys). */
export function signReceipt(facts: ReceiptFacts, privateKey: Uint8Array): Uint8Array {
  return schnorr.sign(receiptMessage(facts), privateKey);
}

/** Whether `signature` (64 bytes, BIP-340) over the receipt's message is by `publicKey` (32 bytes, x-only). */
export function verifyReceiptSignature(
  facts: ReceiptFacts,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    return schnorr.verify(signature, receiptMessage(facts), publicKey);
  } catch {
    return false;
  }
}

const whole = (text: string, what: string): bigint => {
  if (!/^(0|[1-9]\d*)$/.test(text)) throw new ProofFormatError(`${what} is not a whole number`);
  return BigInt(text);
};

/** The receipt file's facts as the signature covers them ("-0" is refused: one amount, one text). */
export function receiptFactsOf(file: ReceiptFile): ReceiptFacts {
  const { receipt } = file;
  if (!/^(0|-?[1-9]\d*)$/.test(receipt.amount))
    throw new ProofFormatError("the amount is not a whole number of satoshis");
  return {
    transactionId: uuidBytes(receipt.transactionId),
    accountId: whole(receipt.accountId, "the account id"),
    type: receipt.type,
    amount: BigInt(receipt.amount),
    fee: whole(receipt.fee, "the fee"),
    balanceAfter: whole(receipt.balanceAfter, "the balance after"),
    time: whole(receipt.time, "the time"),
    ledgerPosition: whole(receipt.ledgerPosition, "the ledger position"),
  };
}

/** The signature on the receipt, by the key the file names (checkReceiptKey says whether it is the bank's). */
export function checkReceipt(file: ReceiptFile): Check {
  try {
    if (file.format !== RECEIPT_FORMAT) {
      return { ok: false, says: `This is not a receipt of the format ${RECEIPT_FORMAT}` };
    }
    const facts = receiptFactsOf(file);
    const key = fromHex(file.bank.publicKey, "the bank's public key", 32);
    const signature = fromHex(file.signature, "the signature", 64);
    const { receipt } = file;
    return verifyReceiptSignature(facts, signature, key)
      ? {
          ok: true,
          says: `The key ${file.bank.publicKey} signed the receipt of transaction ${receipt.transactionId}: ${receipt.type} ${receipt.amount} sat, fee ${receipt.fee} sat, balance after ${receipt.balanceAfter} sat at ledger position ${receipt.ledgerPosition}`,
        }
      : { ok: false, says: "The signature on this receipt does not verify" };
  } catch (error) {
    return { ok: false, says: `The receipt cannot be read: ${(error as Error).message}` };
  }
}

/** The receipt's key is the bank's: the one the epoch publishes and signs its root with. */
export function checkReceiptKey(file: ReceiptFile, epoch: EpochFile): Check {
  return file.bank.publicKey === epoch.bank.publicKey
    ? { ok: true, says: `The receipt's key is the bank's key of epoch ${epoch.root.epoch}` }
    : {
        ok: false,
        says: `The receipt is signed by the key ${file.bank.publicKey}, not the bank's key ${epoch.bank.publicKey} of epoch ${epoch.root.epoch}`,
      };
}

/**
 * The receipt's balance after against the customer's leaf in an epoch at or after the receipt's ledger
 * position: a Check, or the words of why they cannot be compared (an earlier epoch).
 */
export function compareReceiptWithLeaf(
  file: ReceiptFile,
  epoch: EpochFile,
  leaf: LeafFile,
): { check: Check } | { notComparable: string } {
  const { receipt } = file;
  const position = BigInt(receipt.ledgerPosition);
  const epochPosition = BigInt(epoch.root.ledgerPosition);
  if (epochPosition < position) {
    return {
      notComparable: `the balance after against epoch ${epoch.root.epoch}: its ledger position ${epoch.root.ledgerPosition} is before the receipt's ${receipt.ledgerPosition} (take an epoch built after the receipt)`,
    };
  }
  if (leaf.accountId !== receipt.accountId) {
    return {
      check: {
        ok: false,
        says: `The leaf is of account ${leaf.accountId}, the receipt of account ${receipt.accountId}: the bank names two accounts for you, or these are not both your files`,
      },
    };
  }
  if (leaf.balance === receipt.balanceAfter) {
    return {
      check: {
        ok: true,
        says: `Epoch ${epoch.root.epoch} counts ${leaf.balance} sat for account ${leaf.accountId}, as the receipt signed after ledger position ${receipt.ledgerPosition}`,
      },
    };
  }
  return {
    check: {
      ok: false,
      says: `Epoch ${epoch.root.epoch} counts ${leaf.balance} sat for account ${leaf.accountId} where the receipt signed ${receipt.balanceAfter} sat after ledger position ${receipt.ledgerPosition}. Unless you made a transaction after it (or a withdrawal of yours was given back), this signed receipt is your evidence.`,
    },
  };
}
