import { describe, expect, it } from "vitest";
import {
  CORE_ACCOUNT_XPUB,
  CORE_CHANGE_XPUB,
  CORE_FINGERPRINTS,
  CORE_TPRV,
} from "./fixtures/published-vectors.js";
import { HOLDER_MNEMONICS } from "./fixtures/vault-keys.js";
import {
  KEY_FILE_FORMAT,
  type KeyFile,
  keyFileExpression,
  keyFileMaster,
  newKeyFile,
  parseKeyFile,
} from "./key-file.js";

const problem = (text: string) => {
  try {
    keyFileMaster(parseKeyFile(text));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected parseKeyFile to refuse");
};

describe("vault key files", () => {
  it("holds a new key's mnemonic, master fingerprint and BIP-48 account, and reads back", () => {
    const file = newKeyFile("regtest");
    expect(file.mnemonic?.split(" ")).toHaveLength(24);
    expect(file.accountPath).toBe("m/48'/1'/0'/2'");
    expect(file.accountXpub).toMatch(/^tpub/);
    expect(parseKeyFile(JSON.stringify(file))).toEqual(file);
    expect(keyFileExpression(file)).toBe(`[${file.fingerprint}/48h/1h/0h/2h]${file.accountXpub}/<0;1>/*`);
    expect(newKeyFile("mainnet", HOLDER_MNEMONICS[0])).toMatchObject({
      accountPath: "m/48'/0'/0'/2'",
      // The master fingerprint of BIP39's "abandon ... about" seed, as every wallet shows it.
      fingerprint: "73c5da0a",
      accountXpub: expect.stringMatching(/^xpub/),
    });
  });

  // Bitcoin Core's wallet_importdescriptors.py: tprv1 at m/84h/0h/0h is [7b2d0242/84h/0h/0h]acc_xpub1 (and
  // m/84h/1h/0h its chg_xpub1), and likewise for the two other keys.
  it("reads a master tprv, checked against Bitcoin Core's fingerprints and account keys", () => {
    CORE_TPRV.forEach((masterKey, i) => {
      const file: KeyFile = {
        format: KEY_FILE_FORMAT,
        network: "regtest",
        masterKey,
        fingerprint: CORE_FINGERPRINTS[i] ?? "",
        accountPath: "m/84'/0'/0'",
        accountXpub: CORE_ACCOUNT_XPUB[i] ?? "",
      };
      const master = keyFileMaster(parseKeyFile(JSON.stringify(file)));
      expect(master.derive("m/84'/1'/0'").publicExtendedKey).toBe(CORE_CHANGE_XPUB[i]);
    });
  });

  it("refuses a file that is not one, or whose key does not match what it states", () => {
    const file = newKeyFile("regtest", HOLDER_MNEMONICS[1]);
    expect(problem("not json")).toBe("it is not JSON");
    expect(problem(JSON.stringify({ ...file, format: "other" }))).toMatch(
      /^it is not a satsbank-vault-key\/1 key file/,
    );
    expect(problem(JSON.stringify({ ...file, fingerprint: "00000000" }))).toMatch(
      /^its key's fingerprint is [0-9a-f]{8}, not 00000000/,
    );
    expect(problem(JSON.stringify({ ...file, accountPath: "m/48'/1'/1'/2'" }))).toBe(
      "its accountXpub is not the key's account m/48'/1'/1'/2'",
    );
    expect(problem(JSON.stringify({ ...file, mnemonic: undefined }))).toBe(
      "it holds neither a mnemonic nor a masterKey",
    );
    expect(problem(JSON.stringify({ ...file, mnemonic: "zoo zoo zoo" }))).toBe(
      "its mnemonic is not a valid BIP39 phrase",
    );
    const { mnemonic: _mnemonic, ...withoutMnemonic } = file;
    expect(problem(JSON.stringify({ ...withoutMnemonic, masterKey: file.accountXpub }))).toMatch(
      /^its masterKey must be a master private key/,
    );
  });
});
