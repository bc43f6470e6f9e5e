import { describe, expect, it } from "vitest";
import { fieldProblem, validateSend } from "./validate-send";

const figures = {
  balanceSats: "746000",
  spendableSats: "746000",
  withdrawalFeeSats: "1000",
  sendLimit: null,
};
/** 0.005 BTC left of today's limit. */
const limited = {
  ...figures,
  sendLimit: { level: 1, dailyLimitSats: "1000000", sentSats: "500000", remainingSats: "500000" },
};
const address = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

describe("validateSend", () => {
  it("asks for a recipient first, whatever the amount", () => {
    expect(validateSend({ recipient: "  ", amount: "", note: "" }, figures)).toEqual({
      ok: false,
      field: "recipient",
      title: "Recipient required",
      text: "Please enter a recipient address or username",
    });
  });

  it("then an amount above zero", () => {
    for (const amount of ["", "0", "0.0", ".", "0.00000000"]) {
      expect(validateSend({ recipient: "alice", amount, note: "" }, figures)).toEqual({
        ok: false,
        field: "amount",
        title: "Invalid amount",
        text: "Please enter a valid amount",
      });
    }
  });

  it("then no more than can be sent, saying how much can", () => {
    expect(validateSend({ recipient: "alice", amount: "0.00746001", note: "" }, figures)).toEqual({
      ok: false,
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00746 BTC",
    });
  });

  it("to an address, no more than the balance less the withdrawal fee", () => {
    expect(validateSend({ recipient: address, amount: "0.00745001", note: "" }, figures)).toEqual({
      ok: false,
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00745 BTC",
    });
    expect(validateSend({ recipient: address, amount: "0.00745", note: "" }, figures)).toMatchObject({
      ok: true,
      recipient: address,
      amountSats: 745000n,
    });
  });

  it("above the balance says Insufficient funds, within it but above what is left today the daily limit", () => {
    expect(validateSend({ recipient: "alice", amount: "0.00746001", note: "" }, limited)).toMatchObject({
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00746 BTC",
    });
    expect(validateSend({ recipient: "alice", amount: "0.00500001", note: "" }, limited)).toEqual({
      ok: false,
      field: "amount",
      title: "Daily limit reached",
      text: "You can send up to 0.005 BTC more today",
    });
    expect(validateSend({ recipient: "alice", amount: "0.005", note: "" }, limited)).toMatchObject({
      ok: true,
      amountSats: 500000n,
    });
    expect(fieldProblem({ recipient: "", amount: "0.006", note: "" }, limited, "amount")).toMatchObject({
      title: "Daily limit reached",
    });
  });

  it("passes a good send on in satoshis, trimmed, without an empty note", () => {
    expect(validateSend({ recipient: " alice ", amount: "0.00746", note: "" }, figures)).toEqual({
      ok: true,
      recipient: "alice",
      amountSats: 746000n,
      note: undefined,
    });
    expect(validateSend({ recipient: "bob", amount: ".001", note: " lunch " }, figures)).toMatchObject({
      ok: true,
      amountSats: 100000n,
      note: "lunch",
    });
  });
});

describe("fieldProblem", () => {
  it("answers for its own field whatever the others hold", () => {
    const values = { recipient: "", amount: "0.001", note: "" };
    expect(fieldProblem(values, figures, "amount")).toBeNull();
    expect(fieldProblem(values, figures, "note")).toBeNull();
    expect(fieldProblem(values, figures, "recipient")).toMatchObject({ title: "Recipient required" });
  });

  it("holds the amount to zero and to what can be sent", () => {
    const amountOf = (amount: string) => fieldProblem({ recipient: "", amount, note: "" }, figures, "amount");
    expect(amountOf("0.00")).toMatchObject({ title: "Invalid amount" });
    expect(amountOf("0.00746001")).toMatchObject({
      title: "Insufficient funds",
      text: "You can only send up to 0.00746 BTC",
    });
    expect(amountOf("0.00746")).toBeNull();
  });

  it("holds the amount to what can be sent to the recipient as typed", () => {
    const values = { recipient: address, amount: "0.00746", note: "" };
    expect(fieldProblem(values, figures, "amount")).toMatchObject({
      text: "You can only send up to 0.00745 BTC",
    });
    expect(fieldProblem({ ...values, recipient: "alice" }, figures, "amount")).toBeNull();
  });
});
