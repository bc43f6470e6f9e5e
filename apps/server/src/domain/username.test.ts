import { isValidUsername } from "@satsbank/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstUsernameCandidates, usernameBase } from "./username.js";

describe("usernameBase", () => {
  it.each([
    ["Demo User", "demouser"],
    ["Alice", "alice"],
    ["Élodie Durand", "elodiedurand"],
    ["Jonas Müller", "jonasmuller"],
    ["Jürgen Straße", "jurgenstrasse"],
    ["Søren Łukasz", "sorenlukasz"],
    ["O'Brien-Smith Jr.", "obriensmithjr"],
    ["007 Agent", "agent"],
    ["Maximilian Alexander Featherstonehaugh", "maximilianalexanderf"],
    ["李小龙", "user"],
    ["", "user"],
  ])("%s -> %s", (name, base) => {
    expect(usernameBase(name)).toBe(base);
  });

  it("never starts like a Bitcoin address", () => {
    expect(usernameBase("BC1 Holdings")).toBe("ubc1holdings");
    expect(usernameBase("tb1")).toBe("utb1");
    expect(usernameBase("bcrt1 lab")).toBe("ubcrt1lab");
  });
});

describe("username candidates", () => {
  it("start with the base and then count from 2", () => {
    expect(firstUsernameCandidates("Alice", 3)).toEqual(["alice", "alice2", "alice3"]);
  });

  it("make room for the suffix within 20 characters", () => {
    expect(firstUsernameCandidates("Maximilian Alexander Featherstonehaugh", 2)).toEqual([
      "maximilianalexanderf",
      "maximilianalexander2",
    ]);
  });

  it("pad a name too short to be a username with a suffix", () => {
    expect(firstUsernameCandidates("Al", 2)).toEqual(["al2", "al3"]);
    expect(firstUsernameCandidates("X", 1)).toEqual(["x10"]);
  });

  it("skip a suffix that would make the name look like an address", () => {
    expect(firstUsernameCandidates("Bc", 2)).toEqual(["bc2", "bc3"]);
  });

  it("are always valid, distinct and never address-like, whatever the name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (name) => {
        const candidates = firstUsernameCandidates(name, 12);
        expect(new Set(candidates).size).toBe(12);
        for (const candidate of candidates) {
          expect(isValidUsername(candidate)).toBe(true);
          expect(candidate.length).toBeLessThanOrEqual(20);
          expect(candidate).not.toMatch(/^(bc1|tb1|bcrt1)/);
        }
      }),
    );
  });
});
