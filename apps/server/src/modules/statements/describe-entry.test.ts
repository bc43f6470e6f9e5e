import { describe, expect, it } from "vitest";
import type { AccountPosting } from "../../ledger/statement.js";
import type { StatementTransactionRow } from "../transactions/index.js";
import { describePosting, postingTxid } from "./describe-entry.js";

const TXID = "ab".repeat(32);
const ADDRESS = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

function posting(overrides: Partial<AccountPosting>): AccountPosting {
  return {
    transferId: 7,
    kind: "customer_transfer",
    leg: 0,
    change: -1000n,
    reference: null,
    at: new Date("2030-01-15T12:00:00.000Z"),
    depositTransferId: null,
    ...overrides,
  };
}

function row(overrides: Partial<StatementTransactionRow> = {}): StatementTransactionRow {
  return {
    id: "5d2c1b0a-1111-4222-8333-944455556666",
    transferId: 7,
    counterpartyUsername: null,
    address: null,
    txid: null,
    note: null,
    label: null,
    ...overrides,
  };
}

describe("a statement entry's words", () => {
  it("names the other customer of a transfer, from the side the customer is on", () => {
    const bob = row({ counterpartyUsername: "bob" });
    expect(describePosting(posting({ change: -1000n }), bob)).toBe("Sent to @bob");
    expect(describePosting(posting({ change: 1000n }), bob)).toBe("Received from @bob");
    expect(describePosting(posting({ change: 1000n }), undefined)).toBe("Received from another customer");
  });

  it("names the address of a deposit and a withdrawal, and the fee and returns in plain words", () => {
    const onChain = row({ address: ADDRESS, txid: TXID });
    expect(describePosting(posting({ kind: "deposit", change: 5000n }), onChain)).toBe(
      `Deposit to ${ADDRESS}`,
    );
    expect(describePosting(posting({ kind: "withdrawal" }), onChain)).toBe(`Withdrawal to ${ADDRESS}`);
    expect(describePosting(posting({ kind: "withdrawal_fee", leg: 1 }), onChain)).toBe("Withdrawal fee");
    expect(describePosting(posting({ kind: "withdrawal_reversal", change: 900n }), onChain)).toBe(
      "Withdrawal returned",
    );
    expect(describePosting(posting({ kind: "withdrawal_reversal", leg: 1, change: 100n }), onChain)).toBe(
      "Withdrawal fee returned",
    );
    expect(describePosting(posting({ kind: "opening_balance", change: 5000n }), undefined)).toBe(
      "Opening balance",
    );
  });

  it("says what a deposit's hold and release are, with the deposit's txid from its reference", () => {
    const reference = `deposit:${TXID}:1`;
    const hold = posting({ kind: "deposit_hold", change: -5000n, reference });
    const release = posting({ kind: "deposit_release", change: 5000n, reference });
    expect(describePosting(hold, undefined)).toBe("Deposit on hold: its transaction left the chain");
    expect(describePosting(release, undefined)).toBe("Deposit hold released");
    expect(postingTxid(hold, undefined)).toBe(TXID);
    expect(postingTxid(posting({ reference: "transaction:x" }), undefined)).toBeNull();
    expect(postingTxid(posting({}), row({ txid: TXID }))).toBe(TXID);
  });
});
