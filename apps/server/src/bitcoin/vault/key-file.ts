import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { bip32Path } from "@scure/btc-signer";
import { z } from "zod";
import { isValidMnemonic, newMnemonic } from "../keys.js";
import { type BitcoinNetwork, bitcoinNetworks, networkParams } from "../network.js";
import { extendedKeyVersions, fingerprintHex, formatPath } from "./key-expression.js";

// A key file of the demo vault: one key holder's key, as `npm run vault -- sign` reads it. It holds the
// master key (a BIP39 mnemonic, or an xprv/tprv), its fingerprint and the BIP-48 account whose xpub the
// descriptor names. Development and tests only: a real key holder's key never touches the server.

export const KEY_FILE_FORMAT = "satsbank-vault-key/1";

const keyFileSchema = z.object({
  format: z.literal(KEY_FILE_FORMAT),
  network: z.enum(bitcoinNetworks),
  mnemonic: z.string().optional(),
  masterKey: z.string().optional(),
  fingerprint: z.string().regex(/^[0-9a-f]{8}$/),
  accountPath: z.string().regex(/^m(\/\d+'?)*$/),
  accountXpub: z.string(),
  note: z.string().optional(),
});

export type KeyFile = z.infer<typeof keyFileSchema>;

export class KeyFileError extends Error {
  override name = "KeyFileError";
}

/** BIP-48's account of a P2WSH multisig key: m/48'/coin'/0'/2'. */
export function multisigAccountPath(network: BitcoinNetwork): string {
  return `m/48'/${networkParams[network].coinType}'/0'/2'`;
}

/** The master key a key file holds (private), checked against the fingerprint and account it states. */
export function keyFileMaster(file: KeyFile): HDKey {
  const versions = extendedKeyVersions(file.network);
  let master: HDKey;
  if (file.mnemonic !== undefined) {
    if (!isValidMnemonic(file.mnemonic)) throw new KeyFileError("its mnemonic is not a valid BIP39 phrase");
    const seed = mnemonicToSeedSync(file.mnemonic.trim().split(/\s+/).join(" "));
    master = HDKey.fromMasterSeed(seed, versions);
  } else if (file.masterKey !== undefined) {
    try {
      master = HDKey.fromExtendedKey(file.masterKey, versions);
    } catch {
      throw new KeyFileError(`its masterKey is not an extended private key of ${file.network}`);
    }
    if (master.privateKey === null || master.depth !== 0) {
      throw new KeyFileError("its masterKey must be a master private key (xprv or tprv at depth 0)");
    }
  } else {
    throw new KeyFileError("it holds neither a mnemonic nor a masterKey");
  }
  if (fingerprintHex(master.fingerprint) !== file.fingerprint) {
    throw new KeyFileError(
      `its key's fingerprint is ${fingerprintHex(master.fingerprint)}, not ${file.fingerprint}`,
    );
  }
  if (master.derive(file.accountPath).publicExtendedKey !== file.accountXpub) {
    throw new KeyFileError(`its accountXpub is not the key's account ${file.accountPath}`);
  }
  return master;
}

/**
 * Reads a key file's JSON (its shape only: no key is derived, so the server can read the public fields of the
 * demo vault's files without touching a private key); keyFileMaster checks the key. Throws KeyFileError.
 */
export function parseKeyFile(text: string): KeyFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyFileError("it is not JSON");
  }
  const parsed = keyFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new KeyFileError(
      `it is not a ${KEY_FILE_FORMAT} key file (${issue?.path.join(".")}: ${issue?.message})`,
    );
  }
  keyFileMaster(parsed.data);
  return parsed.data;
}

/** A new key: a 24-word mnemonic, its master fingerprint and its BIP-48 account on `network`. */
export function newKeyFile(network: BitcoinNetwork, mnemonic: string = newMnemonic()): KeyFile {
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic), extendedKeyVersions(network));
  const accountPath = multisigAccountPath(network);
  return {
    format: KEY_FILE_FORMAT,
    network,
    mnemonic,
    fingerprint: fingerprintHex(master.fingerprint),
    accountPath,
    accountXpub: master.derive(accountPath).publicExtendedKey,
    note: "A key of Satsbank's DEMO cold vault, for development and tests only: never send real bitcoin to it.",
  };
}

/** The key file's key as a descriptor key expression: [fingerprint/48h/1h/0h/2h]tpub.../<0;1>/*. */
export function keyFileExpression(file: KeyFile): string {
  return `[${file.fingerprint}/${formatPath(bip32Path(file.accountPath))}]${file.accountXpub}/<0;1>/*`;
}
