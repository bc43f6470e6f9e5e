import { describe, expect, it } from "vitest";
import { transaction } from "@/test/fixtures";
import {
  confirmationProgressText,
  confirmationsText,
  counterpartyText,
  shortAddress,
  signedAmountText,
} from "./describe-transaction";

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

describe("a pending chain transaction's progress", () => {
  const pending = transaction({ status: "pending", txid: "a".repeat(64), confirmations: 1 });
  it("counts the confirmations and estimates the wait at the network's pace", () => {
    expect(confirmationProgressText(pending, { required: 1, blockIntervalSeconds: 600 })).toBe(
      "1 of 1 confirmation",
    );
    expect(confirmationProgressText(pending, { required: 6, blockIntervalSeconds: 600 })).toBe(
      "1 of 6 confirmations, about 50 min left",
    );
    expect(confirmationProgressText(pending, { required: 144, blockIntervalSeconds: 600 })).toBe(
      "1 of 144 confirmations, about 23 h 50 min left",
    );
    expect(confirmationProgressText(pending, { required: 3, blockIntervalSeconds: 20 })).toBe(
      "1 of 3 confirmations, about 1 min left",
    );
    // Blocks on demand (a sandbox that mines when asked): no estimate.
    expect(confirmationProgressText(pending, { required: 3, blockIntervalSeconds: null })).toBe(
      "1 of 3 confirmations",
    );
  });

  it("says nothing of a transaction that is not pending, or while the figures load", () => {
    expect(
      confirmationProgressText(
        { ...pending, status: "completed" },
        { required: 3, blockIntervalSeconds: 600 },
      ),
    ).toBeNull();
    expect(confirmationProgressText(pending, undefined)).toBeNull();
  });
});
