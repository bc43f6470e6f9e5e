import { describe, expect, it } from "vitest";
import { insufficientFundsText, sendFormSchema } from "./wallet.js";

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
});
