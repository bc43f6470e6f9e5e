import { bip32Path, Transaction } from "@scure/btc-signer";
import { fingerprintHex } from "../bitcoin/vault/key-expression.js";
import { KeyFileError, keyFileMaster, parseKeyFile } from "../bitcoin/vault/key-file.js";
import { type SignedInput, type SkippedInput, signVaultInputs } from "../bitcoin/vault/sign.js";

// What `npm run vault -- sign` does with a PSBT file and a key file, without the files: the command reads
// and writes them, tests call this. Development and tests only, as the command.

const PSBT_MAGIC = Buffer.from([0x70, 0x73, 0x62, 0x74, 0xff]);

/** Why the command cannot sign: its message names the file at fault. */
export class VaultSignError extends Error {
  override name = "VaultSignError";
}

export type SignedPsbtFile = {
  /** The signed PSBT, written as the input came: base64 text (with a line feed), or binary. */
  content: string | Uint8Array;
  fingerprint: string;
  inputs: number;
  signed: SignedInput[];
  skipped: SkippedInput[];
};

/** The PSBT's bytes and whether it came as base64 text (the signed one is written the same way). */
function psbtBytes(content: Uint8Array, file: string): { bytes: Uint8Array; base64: boolean } {
  const buffer = Buffer.from(content);
  if (buffer.subarray(0, PSBT_MAGIC.length).equals(PSBT_MAGIC)) return { bytes: buffer, base64: false };
  const text = buffer.toString("utf8").trim();
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, "base64") : Buffer.alloc(0);
  if (!decoded.subarray(0, PSBT_MAGIC.length).equals(PSBT_MAGIC)) {
    throw new VaultSignError(
      `${file} is not a PSBT (binary, or base64 text as Sparrow and Bitcoin Core write it)`,
    );
  }
  return { bytes: decoded, base64: true };
}

/**
 * Signs, with the vault key in `keyFile` (a key file's JSON), every input of the PSBT `psbt` (a file's
 * content) that the key belongs to, as a key holder's wallet would; never finalises. Throws VaultSignError
 * when the key file or the PSBT cannot be read, or the key signs none of its inputs.
 */
export function signPsbtFile({
  psbt,
  psbtFile,
  keyFile,
  keyFileName,
}: {
  psbt: Uint8Array;
  psbtFile: string;
  keyFile: string;
  keyFileName: string;
}): SignedPsbtFile {
  let master: ReturnType<typeof keyFileMaster>;
  let accountPath: number[];
  try {
    const key = parseKeyFile(keyFile);
    master = keyFileMaster(key);
    accountPath = bip32Path(key.accountPath);
  } catch (error) {
    if (error instanceof KeyFileError) {
      throw new VaultSignError(`${keyFileName} is not a usable vault key file: ${error.message}`);
    }
    throw error;
  }
  const { bytes, base64 } = psbtBytes(psbt, psbtFile);
  let tx: Transaction;
  try {
    tx = Transaction.fromPSBT(bytes);
  } catch (error) {
    throw new VaultSignError(
      `${psbtFile} is not a PSBT this command reads: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const fingerprint = fingerprintHex(master.fingerprint);
  const { signed, skipped } = signVaultInputs(tx, master, accountPath);
  if (signed.length === 0) {
    throw new VaultSignError(
      `The key ${fingerprint} (${keyFileName}) signs none of the PSBT's ${tx.inputsLength} inputs: it is not one of their keys`,
    );
  }
  const signedPsbt = tx.toPSBT();
  return {
    content: base64 ? `${Buffer.from(signedPsbt).toString("base64")}\n` : signedPsbt,
    fingerprint,
    inputs: tx.inputsLength,
    signed,
    skipped,
  };
}
