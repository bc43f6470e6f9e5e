import { describe, expect, it } from "vitest";
import {
  belowDustText,
  dailyLimitText,
  insufficientFundsText,
  recipientIsAddress,
  sendFormSchema,
} from "./wallet.js";

function firstMessages(input: unknown) {
  const result = sendFormSchema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("send form", () => {
  it("gives the specification's message for a missing recipient", () => {
    expect(firstMessages({ recipient: " ", amount: "", note: "" })).toEqual({
      recipient: "Please enter a recipient address or username",
    });
  });

  it("accepts a recipient and keeps the amount's text for the web app to read in its unit", () => {
    expect(sendFormSchema.parse({ recipient: " alice ", amount: " 0,001 ", note: "" })).toEqual({
      recipient: "alice",
      amount: "0,001",
      note: "",
    });
  });

  it("words the insufficient-funds text like the specification, the amount with 8 decimals", () => {
    expect(insufficientFundsText(746_000n)).toBe("You can only send up to 0.00746000 BTC");
    expect(insufficientFundsText(0n)).toBe("You can only send up to 0.00000000 BTC");
  });

  it("names the network fee after the specification's sentence when one comes out of the balance", () => {
    expect(insufficientFundsText(745_000n, 1_000n)).toBe(
      "You can only send up to 0.00745000 BTC (after the 0.00001000 BTC network fee)",
    );
    expect(insufficientFundsText(745_000n, 0n)).toBe("You can only send up to 0.00745000 BTC");
  });

  it("names the address's own dust limit in BTC with 8 decimals", () => {
    expect(belowDustText(294n)).toBe("The smallest amount you can send to this address is 0.00000294 BTC");
    expect(belowDustText(330n)).toBe("The smallest amount you can send to this address is 0.00000330 BTC");
    expect(belowDustText(540n)).toBe("The smallest amount you can send to this address is 0.00000540 BTC");
  });

  it("says what is left of today's limit with 8 decimals", () => {
    expect(dailyLimitText(5_000_000n)).toBe("You can send up to 0.05000000 BTC more today");
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
