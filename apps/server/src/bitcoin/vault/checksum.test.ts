import { describe, expect, it } from "vitest";
import { checkChecksum, descriptorChecksum, withChecksum } from "./checksum.js";
import {
  CORE_ACCOUNT_XPUB,
  CORE_CHANGE_XPUB,
  CORE_FINGERPRINTS,
  CORE_TPRV,
  KEEPER_VAULT,
} from "./fixtures/published-vectors.js";

const coreMulti = (keys: readonly string[], origin: (i: number) => string) =>
  `wsh(multi(2,${keys.map((key, i) => `${origin(i)}${key}/*`).join(",")}))`;

describe("descriptorChecksum (BIP-380)", () => {
  // BIP-380's test vectors (bitcoin/bips bip-0380.mediawiki, "Test Vectors").
  it("passes BIP-380's checksum vectors", () => {
    expect(descriptorChecksum("raw(deadbeef)")).toBe("89f8spxm");
    expect(checkChecksum("raw(deadbeef)#89f8spxm")).toEqual({ body: "raw(deadbeef)" });
    expect(checkChecksum("raw(deadbeef)")).toEqual({ problem: "missing" });
    expect(checkChecksum("raw(deadbeef)#")).toEqual({ problem: "malformed" });
    expect(checkChecksum("raw(deadbeef)#89f8spxmx")).toEqual({ problem: "malformed" });
    expect(checkChecksum("raw(deadbeef)#89f8spx")).toEqual({ problem: "malformed" });
    expect(checkChecksum("raw(deedbeef)#89f8spxm")).toEqual({ problem: "mismatch" });
    expect(checkChecksum("raw(deedbeef)##9f8spxm")).toEqual({ problem: "malformed" });
    expect(checkChecksum("raw(Ü)#00000000")).toEqual({ problem: "charset" });
    expect(descriptorChecksum("raw(Ü)")).toBeNull();
  });

  // Bitcoin Core's test/functional/rpc_deriveaddresses.py.
  it("computes the checksums of Bitcoin Core's deriveaddresses test", () => {
    const tprv =
      "tprv8ZgxMBicQKsPd7Uf69XL1XwhmjHopUGep8GuEiJDZmbQz6o58LninorQAfcKZWARbtRtfnLcJ5MQ2AtHcQJCCRUcMRvmDUjyEmNUWwx8UbK";
    const tpub =
      "tpubD6NzVbkrYhZ4WaWSyoBvQwbpLkojyoTZPRsgXELWz3Popb3qkjcJyJUGLnL4qHHoQvao8ESaAstxYSnhyswJ76uZPStJRJCTKvosUCJZL5B";
    expect(withChecksum(`wpkh(${tprv}/1/1/0)`)).toBe(`wpkh(${tprv}/1/1/0)#t6wfjs64`);
    expect(withChecksum(`wpkh(${tpub}/1/1/0)`)).toBe(`wpkh(${tpub}/1/1/0)#s9ga3alw`);
    expect(withChecksum(`wpkh(${tprv}/1/1/*)`)).toBe(`wpkh(${tprv}/1/1/*)#kft60nuy`);
  });

  // Bitcoin Core's test/functional/wallet_importdescriptors.py: its 2-of-3 wsh(multi()) descriptors.
  it("computes the checksums of Bitcoin Core's multisig import test", () => {
    expect(descriptorChecksum(coreMulti(CORE_TPRV, () => "").replaceAll("/*", "/84h/0h/0h/*"))).toBe(
      "m2sr93jn",
    );
    expect(descriptorChecksum(coreMulti(CORE_TPRV, () => "").replaceAll("/*", "/84h/1h/0h/*"))).toBe(
      "q3sztvx5",
    );
    expect(
      descriptorChecksum(coreMulti(CORE_ACCOUNT_XPUB, (i) => `[${CORE_FINGERPRINTS[i]}/84h/0h/0h]`)),
    ).toBe("tsry0s5e");
    expect(
      descriptorChecksum(coreMulti(CORE_CHANGE_XPUB, (i) => `[${CORE_FINGERPRINTS[i]}/84h/1h/0h]`)),
    ).toBe("c08a2rzv");
  });

  it("checks a published 2-of-3 sortedmulti vault's checksum, and catches one changed character", () => {
    expect("body" in checkChecksum(KEEPER_VAULT)).toBe(true);
    expect(checkChecksum(KEEPER_VAULT.replace("48h/1h/0h/2h", "48h/1h/1h/2h"))).toEqual({
      problem: "mismatch",
    });
    // A case error is a symbol error the checksum always detects.
    expect(checkChecksum(KEEPER_VAULT.replace("4192760B", "4192760b"))).toEqual({ problem: "mismatch" });
  });

  it("refuses to add a checksum to a text outside the descriptor character set", () => {
    expect(() => withChecksum("raw(é)")).toThrow(/outside the descriptor set/);
  });
});
