import { describe, expect, it } from "vitest";
import { transaction } from "@/test/fixtures";
import { confirmationsText, counterpartyText, shortAddress, signedAmountText } from "./describe-transaction";

const address = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

describe("describing a transaction", () => {
  it("names the other customer by username", () => {
    expect(counterpartyText(transaction({ type: "send" }))).toBe("Sent to alice");
    expect(
      counterpartyText(
        transaction({ type: "receive", counterparty: { username: "bob", name: "Bob", address: null } }),
      ),
    ).toBe("Received from bob");
  });

  it("otherwise shows the first 8 characters of the address and an ellipsis", () => {
    const toAddress = transaction({ counterparty: { username: null, name: null, address } });
    expect(counterpartyText(toAddress)).toBe("Sent to bc1qcr8t...");
    // A receive's address is the customer's own deposit address: a deposit, whose payer is not known.
    expect(counterpartyText({ ...toAddress, type: "receive" })).toBe("Received to your address bc1qcr8t...");
    expect(shortAddress("bc1qab")).toBe("bc1qab");
  });

  it("signs the amount and writes 8 decimals", () => {
    expect(signedAmountText(transaction({ type: "receive", amountSats: "100000" }))).toBe("+0.00100000 BTC");
    expect(signedAmountText(transaction({ type: "send", amountSats: "746000" }))).toBe("-0.00746000 BTC");
    expect(signedAmountText(transaction({ type: "send", amountSats: "1" }))).toBe("-0.00000001 BTC");
  });

  it("counts confirmations, and says a chain transaction with none waits in the mempool", () => {
    expect(confirmationsText(0)).toBe("0 (waiting in the mempool)");
    expect(confirmationsText(1)).toBe("1");
    expect(confirmationsText(144)).toBe("144");
  });
});
