import { secp256k1 } from "@noble/curves/secp256k1.js";
import { Address, NETWORK, OutScript, p2pkh, RawWitness, WIF } from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { signBip322, signLegacy, testKey } from "../test/sign-message.js";
import { bip322MessageHash, toSign, toSpendTxid } from "./bip322.js";
import { legacyMessageHash } from "./legacy-message.js";
import { type BitcoinNetwork, networkParams } from "./network.js";
import { strictBase64, verifyMessage } from "./verify-message.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const verify = (address: string, message: string, signature: string, network: BitcoinNetwork = "mainnet") =>
  verifyMessage({ address, message, signature, network });
const valid = (format: "bip322-simple" | "legacy") => ({ ok: true, format });
const notSigned = { ok: false, problem: "not-signed" };
const malformed = { ok: false, problem: "malformed" };

/** The same witness program (or hash) written for another network. */
function onNetwork(address: string, from: BitcoinNetwork, to: BitcoinNetwork): string {
  return Address(networkParams[to].params).encode(Address(networkParams[from].params).decode(address));
}

// BIP-322's own vectors (bips/bip-0322.mediawiki, "Test vectors").
const bip322 = {
  privateKey: "L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k",
  address: "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l",
  empty:
    "AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=",
  emptyAlt:
    "AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy",
  helloWorld:
    "AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=",
  helloWorldAlt:
    "AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy",
  // Bitcoin Core's util_tests.cpp: the same key's P2TR address, "Hello World", SIGHASH_ALL.
  taprootAddress: "bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3",
  taprootHelloWorld:
    "AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==",
};

// Bitcoin Core: src/test/util_tests.cpp (message_verify) and test/functional/rpc_signmessage.py (regtest).
const core = {
  address: "15CRxFdyRpGZLW9w8HnHvVduizdL5jKNbs",
  message: "Trust no one",
  signature: "IPojfrX2dfPnH26UegfbGQQLrdK844DlHq5157/P6h57WyuS/Qsl+h/WSVGDF4MUi4rWSswW38oimDYfNNUBUOk=",
  craftedAddress: "11canuhp9X2NocwCq7xNrQYTmUgZAnLK3",
  craftedSignature:
    "IIcaIENoYW5jZWxsb3Igb24gYnJpbmsgb2Ygc2Vjb25kIGJhaWxvdXQgZm9yIGJhbmtzIAaHRtbCeDZINyavx14=",
  regtestKey: "cUeKHd5orzT3mz8P9pxyREHfsWtVfgsfDjiZZBcjUBAaGk1BTj7N",
  regtestAddress: "mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB",
  regtestMessage: "This is just a test message",
  regtestSignature:
    "INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0=",
};

describe("BIP-322 vectors", () => {
  it("hashes messages as the BIP says", () => {
    expect(hex(bip322MessageHash(""))).toBe(
      "c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1",
    );
    expect(hex(bip322MessageHash("Hello World"))).toBe(
      "f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a",
    );
  });

  it("builds to_spend and to_sign with the BIP's txids", () => {
    const script = OutScript.encode(Address(NETWORK).decode(bip322.address));
    expect(toSpendTxid("", script)).toBe("c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7");
    expect(toSpendTxid("Hello World", script)).toBe(
      "b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b",
    );
    expect(toSign("", script).id).toBe("1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6");
    expect(toSign("Hello World", script).id).toBe(
      "88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf",
    );
  });

  it("verifies the BIP's P2WPKH signatures, both encodings of each", () => {
    expect(verify(bip322.address, "", bip322.empty)).toEqual(valid("bip322-simple"));
    expect(verify(bip322.address, "", bip322.emptyAlt)).toEqual(valid("bip322-simple"));
    expect(verify(bip322.address, "Hello World", bip322.helloWorld)).toEqual(valid("bip322-simple"));
    expect(verify(bip322.address, "Hello World", bip322.helloWorldAlt)).toEqual(valid("bip322-simple"));
  });

  it("verifies Bitcoin Core's P2TR vector", () => {
    expect(verify(bip322.taprootAddress, "Hello World", bip322.taprootHelloWorld)).toEqual(
      valid("bip322-simple"),
    );
  });

  it("refuses them for another message or another address", () => {
    expect(verify(bip322.address, "Hello World", bip322.empty)).toEqual(notSigned);
    expect(verify(bip322.address, "hello world", bip322.helloWorld)).toEqual(notSigned);
    expect(verify(bip322.address, "Hello World ", bip322.helloWorld)).toEqual(notSigned);
    expect(verify(bip322.taprootAddress, "Hello World!", bip322.taprootHelloWorld)).toEqual(notSigned);
    const other = testKey("p2wpkh", "mainnet").address;
    expect(verify(other, "Hello World", bip322.helloWorld)).toEqual(notSigned);
    // The P2WPKH signature is no proof for the same key's Taproot address, nor the other way round.
    expect(verify(bip322.taprootAddress, "Hello World", bip322.helloWorld)).toEqual(notSigned);
    expect(verify(bip322.address, "Hello World", bip322.taprootHelloWorld)).toEqual(notSigned);
  });

  it("verifies the same signatures for the same programs on regtest (a script does not name its network)", () => {
    const address = onNetwork(bip322.address, "mainnet", "regtest");
    expect(address).toBe("bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9");
    expect(verify(address, "Hello World", bip322.helloWorld, "regtest")).toEqual(valid("bip322-simple"));
    const taproot = onNetwork(bip322.taprootAddress, "mainnet", "regtest");
    expect(verify(taproot, "Hello World", bip322.taprootHelloWorld, "regtest")).toEqual(
      valid("bip322-simple"),
    );
  });

  it("takes an address only on its own network", () => {
    expect(verify(bip322.address, "Hello World", bip322.helloWorld, "regtest")).toEqual(malformed);
    const regtest = onNetwork(bip322.address, "mainnet", "regtest");
    expect(verify(regtest, "Hello World", bip322.helloWorld, "mainnet")).toEqual(malformed);
  });
});

describe("legacy signed messages (Bitcoin Core's vectors)", () => {
  it("verifies Core's unit-test signatures", () => {
    expect(hex(legacyMessageHash(core.message))).toBe(
      "aa8215d723ecd2f14867eeb7e19f192be7bc15a2352a24b991d4f5870cbaf6e8",
    );
    expect(verify(core.address, core.message, core.signature)).toEqual(valid("legacy"));
    expect(verify(core.craftedAddress, "Trust me", core.craftedSignature)).toEqual(valid("legacy"));
  });

  it("refuses them for a message never signed, or another address", () => {
    expect(verify(core.address, "I never signed this", core.signature)).toEqual(notSigned);
    expect(verify(core.craftedAddress, core.message, core.signature)).toEqual(notSigned);
  });

  it("verifies Core's regtest signature (rpc_signmessage.py) and signs it again the same", () => {
    expect(verify(core.regtestAddress, core.regtestMessage, core.regtestSignature, "regtest")).toEqual(
      valid("legacy"),
    );
    const key = testKey("p2pkh", "regtest", WIF(networkParams.regtest.params).decode(core.regtestKey));
    expect(key.address).toBe(core.regtestAddress);
    // RFC 6979: deterministic, so our signer makes Core's bytes.
    expect(signLegacy(key, core.regtestMessage)).toBe(core.regtestSignature);
  });

  it("verifies an uncompressed key's P2PKH signature", () => {
    const privateKey = secp256k1.utils.randomSecretKey();
    const address = p2pkh(secp256k1.getPublicKey(privateKey, false), networkParams.regtest.params).address;
    const key = { privateKey, address: address as string, kind: "p2pkh" as const };
    expect(verify(key.address, "m", signLegacy(key, "m", "uncompressed"), "regtest")).toEqual(
      valid("legacy"),
    );
    // The header must say which key: read as compressed, it recovers another address.
    expect(verify(key.address, "m", signLegacy(key, "m", "compressed"), "regtest")).toEqual(notSigned);
  });
});

describe("signatures made with a key in the test", () => {
  for (const kind of ["p2wpkh", "p2tr", "p2sh"] as const) {
    it(`verifies a BIP-322 signature of a regtest ${kind} address, and refuses it for anything else`, () => {
      const key = testKey(kind);
      const message = "Satsbank wants you to prove you control this address.";
      const signature = signBip322(key, message);
      expect(verify(key.address, message, signature, "regtest")).toEqual(valid("bip322-simple"));
      expect(verify(key.address, `${message}.`, signature, "regtest")).toEqual(notSigned);
      expect(verify(testKey(kind).address, message, signature, "regtest")).toEqual(notSigned);
    });
  }

  it("verifies segwit addresses signed the legacy way (Electrum's and BIP137's headers), never P2TR", () => {
    const wpkh = testKey("p2wpkh");
    for (const header of ["compressed", "p2wpkh"] as const) {
      expect(verify(wpkh.address, "m", signLegacy(wpkh, "m", header), "regtest")).toEqual(valid("legacy"));
    }
    const nested = testKey("p2sh");
    for (const header of ["compressed", "p2sh-p2wpkh"] as const) {
      expect(verify(nested.address, "m", signLegacy(nested, "m", header), "regtest")).toEqual(
        valid("legacy"),
      );
    }
    // A segwit key is compressed: an uncompressed header recovers a key no segwit address has.
    expect(verify(wpkh.address, "m", signLegacy(wpkh, "m", "uncompressed"), "regtest")).toEqual(notSigned);
    const taproot = testKey("p2tr");
    expect(verify(taproot.address, "m", signLegacy(taproot, "m"), "regtest")).toEqual(malformed);
  });

  it("takes P2PKH in the legacy format only", () => {
    const key = testKey("p2pkh");
    expect(verify(key.address, "m", signLegacy(key, "m"), "regtest")).toEqual(valid("legacy"));
    const witness = signBip322({ ...testKey("p2wpkh"), privateKey: key.privateKey }, "m");
    expect(verify(key.address, "m", witness, "regtest")).toEqual(malformed);
  });

  it("refuses a high-S signature, another sighash type and extra witness items", () => {
    const key = testKey("p2wpkh");
    const [signature, publicKey] = RawWitness.decode(Buffer.from(signBip322(key, "m"), "base64")) as [
      Uint8Array,
      Uint8Array,
    ];
    const encode = (items: Uint8Array[]) => Buffer.from(RawWitness.encode(items)).toString("base64");
    const parsed = secp256k1.Signature.fromBytes(signature.subarray(0, -1), "der");
    const highS = new secp256k1.Signature(parsed.r, secp256k1.Point.Fn.ORDER - parsed.s).toBytes("der");
    expect(verify(key.address, "m", encode([Uint8Array.of(...highS, 1), publicKey]), "regtest")).toEqual(
      notSigned,
    );
    const anyoneCanPay = Uint8Array.of(...signature.subarray(0, -1), 0x81);
    expect(verify(key.address, "m", encode([anyoneCanPay, publicKey]), "regtest")).toEqual(notSigned);
    expect(verify(key.address, "m", encode([signature, publicKey, new Uint8Array(1)]), "regtest")).toEqual(
      notSigned,
    );
  });
});

describe("malformed signatures", () => {
  it("refuses what is not canonical base64, or decodes to neither format", () => {
    // The BIP's signature: padded, with "+" and "/" in it.
    const good = bip322.helloWorld;
    for (const signature of [
      "",
      "not base64!",
      good.slice(0, -4),
      `${good}=`,
      good.replace(/=+$/, ""),
      good.replace(/\+/g, "-").replace(/\//g, "_"),
      `${good.slice(0, 8)} ${good.slice(8)}`,
      "AAAA",
      Buffer.from("hello, world").toString("base64"),
    ]) {
      expect(verify(bip322.address, "Hello World", signature), signature).toEqual(malformed);
    }
    // Core's own case, 65 zero bytes: no header of either format. With a header, it recovers no key.
    expect(verify(core.address, "m", `${"A".repeat(87)}=`)).toEqual(malformed);
    expect(verify(core.address, "m", Buffer.of(31, ...new Uint8Array(64)).toString("base64"))).toEqual(
      notSigned,
    );
    // Bytes after the witness stack.
    const extra = Buffer.concat([Buffer.from(good, "base64"), Buffer.of(0)]).toString("base64");
    expect(verify(bip322.address, "Hello World", extra)).toEqual(malformed);
    // Surrounding white space, as a paste brings it, is not part of the signature.
    expect(verify(bip322.address, "Hello World", ` ${good}\n`)).toEqual(valid("bip322-simple"));
  });

  it("reads base64 strictly: padding and alphabet as written, nothing ignored", () => {
    expect(strictBase64("AAAA")).toEqual(new Uint8Array(3));
    expect(strictBase64("AA==")).toEqual(new Uint8Array(1));
    expect(strictBase64("AB==")).toBeUndefined(); // bits set in the padding: not how anyone encodes
    expect(strictBase64("AA")).toBeUndefined();
    expect(strictBase64("A A=")).toBeUndefined();
  });

  it("refuses an address that is not one, or of a kind no single key proves", () => {
    const key = testKey("p2wpkh");
    expect(verify("nobody", "m", signBip322(key, "m"), "regtest")).toEqual(malformed);
    const p2wsh = Address(networkParams.regtest.params).encode({ type: "wsh", hash: new Uint8Array(32) });
    expect(verify(p2wsh, "m", signBip322(key, "m"), "regtest")).toEqual(malformed);
  });
});
