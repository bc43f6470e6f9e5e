import { describe, expect, it } from "vitest";
import { type AddressCheck, normalisedRecipient, parseRecipient } from "./recipient.js";

// The real checker lives in bitcoin/ (it knows the networks); this one knows three strings.
const check = (text: string): AddressCheck =>
  text === "bcrt1qexample" ? "this-network" : text === "bc1qmainnet" ? "other-network" : "not-an-address";

describe("parseRecipient", () => {
  it("reads a username case-insensitively, trimmed", () => {
    expect(parseRecipient("  Alice ", check)).toEqual({ kind: "username", username: "alice" });
  });

  it("reads an address of this network, canonical in lower case", () => {
    expect(parseRecipient("BCRT1QEXAMPLE", check)).toEqual({ kind: "address", address: "bcrt1qexample" });
    expect(parseRecipient("bc1qmainnet", check)).toEqual({ kind: "other-network-address" });
  });

  it("leaves a bech32 address in mixed case as typed, for the check to refuse (BIP-173)", () => {
    expect(parseRecipient("bcrt1qExample", check)).toEqual({ kind: "invalid-address" });
    expect(parseRecipient("BCRT1QEXAMPLe", check)).toEqual({ kind: "invalid-address" });
  });

  it("calls text meant as an address but not a valid one an invalid address", () => {
    // A bad checksum or a truncated address: too long for a username, or written like a bech32 address.
    for (const text of ["bcrt1qnotreal", "x".repeat(21), "1BoatSLRHtKNngkdXEeobR76b53LETtpyX", "tb1q"]) {
      expect(parseRecipient(text, check)).toEqual({ kind: "invalid-address" });
    }
  });

  it("calls anything else invalid", () => {
    for (const text of ["", "a", "no spaces allowed", "é-lodie", "bob!"]) {
      expect(parseRecipient(text, check)).toEqual({ kind: "invalid" });
    }
  });
});

describe("normalisedRecipient", () => {
  it("is one text for every way of typing one recipient", () => {
    const normal = (text: string) => normalisedRecipient(parseRecipient(text, check), text);
    expect(new Set(["alice", "ALICE", " Alice "].map(normal))).toEqual(new Set(["alice"]));
    expect(normal("BCRT1QEXAMPLE")).toBe(normal("bcrt1qexample"));
    expect(normal(" not a name! ")).toBe("not a name!");
  });
});
