import { describe, expect, it } from "vitest";
import { fieldProblem, validateSend } from "./validate-send";

const spendable = 746000n;

describe("validateSend", () => {
  it("asks for a recipient first, whatever the amount", () => {
    expect(validateSend({ recipient: "  ", amount: "", note: "" }, spendable)).toEqual({
      ok: false,
      field: "recipient",
      title: "Recipient required",
      text: "Please enter a recipient address or username",
    });
  });

  it("then an amount above zero", () => {
    for (const amount of ["", "0", "0.0", ".", "0.00000000"]) {
      expect(validateSend({ recipient: "alice", amount, note: "" }, spendable)).toEqual({
        ok: false,
        field: "amount",
        title: "Invalid amount",
        text: "Please enter a valid amount",
      });
    }
  });

  it("then no more than can be sent, saying how much can", () => {
    expect(validateSend({ recipient: "alice", amount: "0.00746001", note: "" }, spendable)).toEqual({
      ok: false,
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00746 BTC",
    });
  });

  it("passes a good send on in satoshis, trimmed, without an empty note", () => {
    expect(validateSend({ recipient: " alice ", amount: "0.00746", note: "" }, spendable)).toEqual({
      ok: true,
      recipient: "alice",
      amountSats: 746000n,
      note: undefined,
    });
    expect(validateSend({ recipient: "bob", amount: ".001", note: " lunch " }, spendable)).toMatchObject({
      ok: true,
      amountSats: 100000n,
      note: "lunch",
    });
  });
});

describe("fieldProblem", () => {
  it("answers for its own field whatever the others hold", () => {
    const values = { recipient: "", amount: "0.001", note: "" };
    expect(fieldProblem(values, spendable, "amount")).toBeNull();
    expect(fieldProblem(values, spendable, "note")).toBeNull();
    expect(fieldProblem(values, spendable, "recipient")).toMatchObject({ title: "Recipient required" });
  });

  it("holds the amount to zero and to what can be sent", () => {
    const amountOf = (amount: string) =>
      fieldProblem({ recipient: "", amount, note: "" }, spendable, "amount");
    expect(amountOf("0.00")).toMatchObject({ title: "Invalid amount" });
    expect(amountOf("0.00746001")).toMatchObject({
      title: "Insufficient funds",
      text: "You can only send up to 0.00746 BTC",
    });
    expect(amountOf("0.00746")).toBeNull();
  });
});
