import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2pkh, p2sh, p2tr, p2wpkh, RawWitness } from "@scure/btc-signer";
import { toSign } from "../bitcoin/bip322.js";
import { legacyMessageHash } from "../bitcoin/legacy-message.js";
import { type BitcoinNetwork, networkParams } from "../bitcoin/network.js";
import type { AddressKind } from "../bitcoin/verify-message.js";

// Tests only: a wallet's side of a proof of ownership, signed with a key the test holds.

/** A key and its address of one kind on one network. */
export type TestKey = { privateKey: Uint8Array; address: string; kind: AddressKind };

function payment(kind: AddressKind, publicKey: Uint8Array, network: BitcoinNetwork) {
  const params = networkParams[network].params;
  switch (kind) {
    case "p2pkh":
      return p2pkh(publicKey, params);
    case "p2wpkh":
      return p2wpkh(publicKey, params);
    case "p2sh":
      return p2sh(p2wpkh(publicKey, params), params);
    case "p2tr":
      return p2tr(publicKey.subarray(1), undefined, params);
  }
}

/** A key (random unless given) and its address of `kind` on `network`. */
export function testKey(
  kind: AddressKind,
  network: BitcoinNetwork = "regtest",
  privateKey: Uint8Array = secp256k1.utils.randomSecretKey(),
): TestKey {
  const address = payment(kind, secp256k1.getPublicKey(privateKey, true), network).address;
  if (address === undefined) throw new Error("no address");
  return { privateKey, address, kind };
}

/** A BIP-322 simple signature (base64 of the witness stack), signed by btc-signer as any spend is. */
export function signBip322(key: TestKey, message: string, network: BitcoinNetwork = "regtest"): string {
  const pay = payment(key.kind, secp256k1.getPublicKey(key.privateKey, true), network);
  const tx = toSign(message, pay.script);
  tx.updateInput(0, {
    witnessUtxo: { script: pay.script, amount: 0n },
    ...("tapInternalKey" in pay ? { tapInternalKey: pay.tapInternalKey } : {}),
    ...("redeemScript" in pay ? { redeemScript: pay.redeemScript } : {}),
  });
  tx.signIdx(key.privateKey, 0);
  tx.finalizeIdx(0);
  const witness = tx.getInput(0).finalScriptWitness;
  if (witness === undefined) throw new Error("no witness");
  return Buffer.from(RawWitness.encode(witness)).toString("base64");
}

/** How a legacy signature's header names the key: Core/Electrum (27/31) or BIP137's segwit headers (35, 39). */
export type LegacyHeader = "uncompressed" | "compressed" | "p2sh-p2wpkh" | "p2wpkh";
const HEADER_BASE = { uncompressed: 27, compressed: 31, "p2sh-p2wpkh": 35, p2wpkh: 39 } as const;

/** A legacy signed message (base64 of header + r + s), as Bitcoin Core's signmessage makes one. */
export function signLegacy(key: TestKey, message: string, header: LegacyHeader = "compressed"): string {
  const signature = secp256k1.sign(legacyMessageHash(message), key.privateKey, {
    prehash: false,
    format: "recovered",
  });
  const out = Uint8Array.from(signature);
  out[0] = HEADER_BASE[header] + (signature[0] as number);
  return Buffer.from(out).toString("base64");
}
