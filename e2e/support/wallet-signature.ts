import { secp256k1 } from "@noble/curves/secp256k1.js";
import { p2wpkh, RawTx, RawWitness, Script, TEST_NETWORK, Transaction } from "@scure/btc-signer";
import { sha256 } from "@scure/btc-signer/utils.js";

// A wallet's side of Connect Wallet, for the tests: a key the test holds, its regtest address, and
// BIP-322 "simple" signatures made with it (written here from the BIP, not taken from the server).

const REGTEST = { ...TEST_NETWORK, bech32: "bcrt" };
const encoder = new TextEncoder();

export interface TestWallet {
  address: string;
  /** A BIP-322 simple signature of `message` by this wallet's key, base64. */
  sign(message: string): string;
}

function taggedHash(tag: string, data: Uint8Array): Uint8Array {
  const tagHash = sha256(encoder.encode(tag));
  return sha256(new Uint8Array([...tagHash, ...tagHash, ...data]));
}

/** A new regtest P2WPKH wallet with a random key. */
export function testWallet(): TestWallet {
  const privateKey = secp256k1.utils.randomSecretKey();
  const payment = p2wpkh(secp256k1.getPublicKey(privateKey, true), REGTEST);
  const address = payment.address;
  if (address === undefined) throw new Error("no address");
  return {
    address,
    sign(message) {
      // to_spend: version 0, one input spending 000...000:0xFFFFFFFF with OP_0 <message hash>, one
      // 0-value output paying the address's script.
      const toSpend = RawTx.encode({
        version: 0,
        segwitFlag: false,
        lockTime: 0,
        inputs: [
          {
            txid: new Uint8Array(32),
            index: 0xffff_ffff,
            finalScriptSig: Script.encode([
              "OP_0",
              taggedHash("BIP0322-signed-message", encoder.encode(message)),
            ]),
            sequence: 0,
          },
        ],
        outputs: [{ amount: 0n, script: payment.script }],
        witnesses: [],
      });
      const toSpendTxid = Buffer.from(sha256(sha256(toSpend)))
        .reverse()
        .toString("hex");
      // to_sign: spends it into one 0-value OP_RETURN; its witness is the signature.
      const toSign = new Transaction({ version: 0, allowUnknownOutputs: true });
      toSign.addInput({
        txid: toSpendTxid,
        index: 0,
        sequence: 0,
        witnessUtxo: { script: payment.script, amount: 0n },
      });
      toSign.addOutput({ script: Script.encode(["RETURN"]), amount: 0n });
      toSign.signIdx(privateKey, 0);
      toSign.finalizeIdx(0);
      const witness = toSign.getInput(0).finalScriptWitness;
      if (witness === undefined) throw new Error("no witness");
      return Buffer.from(RawWitness.encode(witness)).toString("base64");
    },
  };
}
