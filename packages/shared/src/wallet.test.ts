import { describe, expect, it } from "vitest";
import { belowDustText, insufficientFundsText, recipientIsAddress, sendFormSchema } from "./wallet.js";

function firstMessages(input: unknown) {
  const result = sendFormSchema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("send form", () => {
  it("gives the specification's messages", () => {
    expect(firstMessages({ recipient: " ", amount: "", note: "" })).toEqual({
      recipient: "Please enter a recipient address or username",
      amount: "Please enter a valid amount",
    });
    expect(firstMessages({ recipient: "alice", amount: "0", note: "" })).toEqual({
      amount: "Please enter a valid amount",
    });
    expect(firstMessages({ recipient: "alice", amount: "0.000000001", note: "" })).toEqual({
      amount: "Please enter a valid amount",
    });
  });

  it("accepts a recipient and a positive amount", () => {
    expect(sendFormSchema.parse({ recipient: " alice ", amount: "0.001", note: "" })).toEqual({
      recipient: "alice",
      amount: "0.001",
      note: "",
    });
  });

  it("words the insufficient-funds text like the specification", () => {
    expect(insufficientFundsText(746_000n)).toBe("You can only send up to 0.00746 BTC");
  });

  it("names the address's own dust limit in BTC", () => {
    expect(belowDustText(294n)).toBe("The smallest amount you can send to this address is 0.00000294 BTC");
    expect(belowDustText(546n)).toBe("The smallest amount you can send to this address is 0.00000546 BTC");
  });
});

describe("recipientIsAddress", () => {
  it("reads text too long for a username, or written like a bech32 address, as an address", () => {
    for (const text of [
      "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk",
      "BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU",
      "1BoatSLRHtKNngkdXEeobR76b53LETtpyX",
      "tb1q",
    ]) {
      expect(recipientIsAddress(text)).toBe(true);
    }
  });

  it("reads a username, a half-typed one and anything else as no address", () => {
    for (const text of ["alice", "al", "", " ", "bob!", "no spaces allowed"]) {
      expect(recipientIsAddress(text)).toBe(false);
    }
  });
});
