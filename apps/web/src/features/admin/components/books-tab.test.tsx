import type { Books, ReorgedDeposit } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ada, books, localIso, vaultSweep } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { BooksTab } from "./books-tab";

function renderBooks(handler: StubHandler, more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({ routes: { "GET /api/admin/books": handler, ...more } });
  return { ...renderWithProviders(<BooksTab />), fetchMock };
}

const TXID = "ab".repeat(32);

/** Ada's deposit of 0.0005 BTC that a reorganisation took out, 0.0004 BTC of it held. */
function reorged(overrides: Partial<ReorgedDeposit> = {}): ReorgedDeposit {
  return {
    txid: TXID,
    vout: 1,
    address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    valueSats: "50000",
    customer: { id: ada.id, name: ada.name, email: ada.email, username: ada.username },
    creditedAt: localIso(2025, 4, 17, 10, 0),
    reorgedAt: localIso(2025, 4, 17, 11, 0),
    heldSats: "40000",
    resolution: null,
    resolvedAt: null,
    inChainAgain: false,
    ...overrides,
  };
}

function withDeposits(...items: ReorgedDeposit[]): Books {
  const sum = items.reduce((total, item) => total + BigInt(item.valueSats), 0n);
  return books({ reorgedDeposits: { count: items.length, sumSats: sum.toString(), items } });
}

/** A paused watchdog: reserves 300 sat short of liabilities. */
const paused: Books["solvency"] = {
  ok: false,
  checkedAt: localIso(2025, 4, 17, 15, 0),
  liabilitiesSats: "120000300",
  reserves: { hotSats: "70000000", vaultSats: "50000000", totalSats: "120000000" },
  problems: [
    {
      code: "reserves_short",
      message: "The coins on the chain (1.20000000 BTC) fall short of what the bank owes.",
    },
  ],
  paused: true,
  pausedSince: localIso(2025, 4, 17, 14, 30),
  resumed: null,
};

/** The deposits' rows as their cells' text, the header first. */
async function depositRows() {
  const table = await screen.findByRole("table", { name: "Reorganised deposits, newest first" });
  return within(table).getAllByRole("row");
}

/** The invariants as "name: result" lines. */
async function checkRows() {
  const table = await screen.findByRole("table", { name: "Invariants of the books" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => {
      const name = within(row).getByRole("rowheader").textContent;
      const result = within(row).getAllByRole("cell")[0]?.textContent;
      return `${name}: ${result}`;
    });
}

describe("Books", () => {
  it("shows every invariant as OK, the figures and the follower", async () => {
    renderBooks(() => books());
    expect(await checkRows()).toEqual([
      "The books balance (every balance sums to zero): OK",
      "No customer balance is negative: OK",
      "Every balance equals the sum of its transfers: OK",
      "The hot wallet's ledger balance equals its coins: OK",
      "The cold vault's ledger balance equals its coins: OK",
      "Reserves cover liabilities: OK",
    ]);
    expect(screen.getByText("Every check holds")).toBeInTheDocument();
    const balances = screen.getByRole("region", { name: "Balances" });
    expect(within(balances).getByText("Reserves").nextSibling).toHaveTextContent("1.50000000 BTC");
    expect(within(balances).getByText("Liabilities").nextSibling).toHaveTextContent("1.20000000 BTC");
    expect(within(balances).getByText("Queued for a payout").nextSibling).toHaveTextContent(
      "2 · 0.00300000 BTC",
    );
    const chain = screen.getByRole("region", { name: "Chain follower" });
    expect(within(chain).getByText("Follower height").nextSibling).toHaveTextContent("840,000");
    expect(within(chain).getByText("Backend height").nextSibling).toHaveTextContent("840,002");
    expect(within(chain).getByText("Lag").nextSibling).toHaveTextContent("2 blocks");
    expect(screen.getByText("0 flagged · 0.00000000 BTC")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Sweeps" })).toHaveTextContent("No sweeps yet");
  });

  it("lists the sweeps to the vault, and fails the vault's check when its ledger and coins differ", async () => {
    renderBooks(() =>
      books({
        ok: false,
        coldVault: { ledgerSats: "1500000", coinsSats: "1499000", matches: false },
        sweeps: [vaultSweep({ status: "broadcast", confirmedAt: null, blockHeight: null })],
      }),
    );
    expect(await checkRows()).toContain("The cold vault's ledger balance equals its coins: Failed");
    expect(screen.getByText("Ledger 0.01500000 BTC, coins 0.01499000 BTC")).toBeInTheDocument();
    const sweeps = screen.getByRole("table", { name: "Sweeps to the cold vault, newest first" });
    expect(within(sweeps).getAllByRole("row")[1]).toHaveTextContent(
      /^Apr 16, 2025 18:000\.01500000 BTC0\.00000310 BTCBroadcastNot yet/,
    );
  });

  it("marks a broken invariant Failed, with its figures", async () => {
    renderBooks(() =>
      books({
        ok: false,
        reserves: { reservesSats: "100", liabilitiesSats: "250", covered: false },
        ledger: { booksBalanced: false, totalSats: "-5", negativeCustomerAccounts: 1, mismatchedAccounts: 0 },
      }),
    );
    expect(await checkRows()).toEqual([
      "The books balance (every balance sums to zero): Failed",
      "No customer balance is negative: Failed",
      "Every balance equals the sum of its transfers: OK",
      "The hot wallet's ledger balance equals its coins: OK",
      "The cold vault's ledger balance equals its coins: OK",
      "Reserves cover liabilities: Failed",
    ]);
    expect(screen.getByText("A check failed")).toBeInTheDocument();
    expect(screen.getByText("Sum of every balance: -0.00000005 BTC")).toBeInTheDocument();
    expect(screen.getByText("Reserves 0.00000100 BTC, liabilities 0.00000250 BTC")).toBeInTheDocument();
  });

  it("says when the chain backend is unavailable, and lists reorganised deposits", async () => {
    renderBooks(() =>
      books({
        chain: {
          backend: "esplora",
          follower: null,
          tip: { available: false, reason: "connect ECONNREFUSED 127.0.0.1:3002" },
          lagBlocks: null,
        },
        reorgedDeposits: {
          count: 1,
          sumSats: "50000",
          items: [
            {
              txid: "ab".repeat(32),
              vout: 1,
              address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
              valueSats: "50000",
              customer: {
                id: "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
                name: "Ada Lovelace",
                email: "ada@example.com",
                username: "ada",
              },
              creditedAt: "2025-04-17T10:00:00.000Z",
              reorgedAt: "2025-04-17T11:00:00.000Z",
              heldSats: "50000",
              resolution: null,
              resolvedAt: null,
              inChainAgain: false,
            },
          ],
        },
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Backend unavailable: connect ECONNREFUSED 127.0.0.1:3002",
    );
    const chain = screen.getByRole("region", { name: "Chain follower" });
    expect(within(chain).getByText("Follower height").nextSibling).toHaveTextContent(
      "No block processed yet",
    );
    expect(within(chain).getByText("Lag").nextSibling).toHaveTextContent("Unknown");
    const deposits = screen.getByRole("table", { name: "Reorganised deposits, newest first" });
    expect(within(deposits).getByText("Ada Lovelace (@ada)")).toBeInTheDocument();
    expect(within(deposits).getAllByText("0.00050000 BTC")).toHaveLength(2);
  });

  it("shows an error with Try again when the books cannot be checked", async () => {
    renderBooks(() => apiError(500, "INTERNAL", "Boom"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The books could not be checked.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("Books: the solvency watchdog", () => {
  const fact = (region: HTMLElement, term: string) => within(region).getByText(term).nextElementSibling;

  it("shows hot, vault and total reserves on the chain against liabilities, and its last check", async () => {
    renderBooks(() =>
      books({
        solvency: {
          ...books().solvency,
          reserves: { hotSats: "100000000", vaultSats: "50000000", totalSats: "150000000" },
        },
      }),
    );
    const watchdog = await screen.findByRole("region", { name: "Solvency watchdog" });
    expect(fact(watchdog, "Hot wallet")).toHaveTextContent("1.00000000 BTC");
    expect(fact(watchdog, "Cold vault")).toHaveTextContent("0.50000000 BTC");
    expect(fact(watchdog, "Total reserves")).toHaveTextContent("1.50000000 BTC");
    expect(fact(watchdog, "Liabilities")).toHaveTextContent("1.20000000 BTC");
    expect(fact(watchdog, "Reserves less liabilities")).toHaveTextContent("0.30000000 BTC");
    expect(watchdog).toHaveTextContent("No problems foundLast checked Apr 17, 2025 15:00");
    expect(within(watchdog).queryByText("Payouts paused")).not.toBeInTheDocument();
    expect(within(watchdog).queryByRole("button", { name: "Resume payouts" })).not.toBeInTheDocument();
  });

  it("says when the watchdog has not checked yet", async () => {
    renderBooks(() =>
      books({
        solvency: { ...books().solvency, ok: false, checkedAt: null, problems: [] },
      }),
    );
    const watchdog = await screen.findByRole("region", { name: "Solvency watchdog" });
    expect(within(watchdog).getByText("Not checked yet")).toBeInTheDocument();
    expect(within(watchdog).queryByText("Problems found")).not.toBeInTheDocument();
  });

  it("shows the pause and its problems; Resume payouts needs a reason and refreshes the books", async () => {
    let resumed = false;
    const view = renderBooks(
      () =>
        books({
          ok: false,
          solvency: resumed
            ? {
                ...paused,
                paused: false,
                resumed: {
                  by: { id: ada.id, name: "Grace Hopper", email: "grace@example.com" },
                  at: localIso(2025, 4, 17, 15, 10),
                  reason: "Fees of the sweep; capital added today",
                },
              }
            : paused,
        }),
      {
        "POST /api/admin/solvency/resume": () => {
          resumed = true;
          return { ...paused, paused: false };
        },
      },
    );
    const watchdog = await screen.findByRole("region", { name: "Solvency watchdog" });
    const notice = within(watchdog).getByRole("region", { name: "Payouts paused" });
    expect(notice).toHaveTextContent(
      "Since Apr 17, 2025 14:30. Queued withdrawals wait and new withdrawals are refused",
    );
    expect(watchdog).toHaveTextContent("Problems foundLast checked Apr 17, 2025 15:00");
    expect(fact(watchdog, "Reserves less liabilities")).toHaveTextContent("-0.00000300 BTC");
    const problems = within(watchdog).getByRole("list");
    expect(within(problems).getByRole("listitem")).toHaveTextContent(
      "The coins on the chain (1.20000000 BTC) fall short of what the bank owes.reserves_short",
    );

    await view.user.click(within(notice).getByRole("button", { name: "Resume payouts" }));
    const dialog = await screen.findByRole("dialog", { name: "Resume payouts?" });
    expect(dialog).toHaveAccessibleDescription(/^Payouts run again while these problems stand/);
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    await waitFor(() => expect(reason).toHaveFocus());
    await view.user.click(within(dialog).getByRole("button", { name: "Resume payouts" }));
    expect(await within(dialog).findByText("A reason is required")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/admin/solvency/resume")).toEqual([]);

    await view.user.type(reason, "Fees of the sweep; capital added today");
    await view.user.click(within(dialog).getByRole("button", { name: "Resume payouts" }));
    await expectToast("success", "Payouts resumed", "Queued withdrawals go out with the next payout.");
    expect(requestsTo(view.fetchMock, "POST /api/admin/solvency/resume")).toEqual([
      { reason: "Fees of the sweep; capital added today" },
    ]);
    expect(await within(watchdog).findByText("Payouts resumed by hand by Grace Hopper")).toBeInTheDocument();
    expect(watchdog).toHaveTextContent("Reason: Fees of the sweep; capital added today");
    expect(within(watchdog).queryByRole("region", { name: "Payouts paused" })).not.toBeInTheDocument();
  });

  it("a resume refused because payouts are no longer paused says the server's words", async () => {
    const view = renderBooks(() => books({ ok: false, solvency: paused }), {
      "POST /api/admin/solvency/resume": () => apiError(409, "CONFLICT", "Payouts are not paused."),
    });
    await view.user.click(await screen.findByRole("button", { name: "Resume payouts" }));
    const dialog = await screen.findByRole("dialog");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Checked by hand");
    await view.user.click(within(dialog).getByRole("button", { name: "Resume payouts" }));
    await expectToast("error", "Payouts not resumed", "Payouts are not paused.");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("Books: reorganised deposits", () => {
  const REVERSE = `POST /api/admin/books/deposits/${TXID}/1/reverse`;
  const ABSORB = `POST /api/admin/books/deposits/${TXID}/1/absorb`;

  it("shows each deposit's hold and where it stands; only an open one offers Reverse and Absorb", async () => {
    const other = (n: number) => `${n}`.repeat(64);
    renderBooks(() =>
      withDeposits(
        reorged(),
        reorged({ txid: other(1), inChainAgain: true, heldSats: null }),
        reorged({
          txid: other(2),
          heldSats: null,
          resolution: "reversed",
          resolvedAt: localIso(2025, 4, 18, 9, 30),
        }),
        reorged({ txid: other(3), heldSats: null, resolution: "absorbed", resolvedAt: null }),
      ),
    );
    const [head, open, back, reversed, absorbed] = await depositRows();
    expect(head).toHaveTextContent("DepositCustomerAmountOn holdReorganisedStatusActions");
    expect(open).toHaveTextContent(
      "Ada Lovelace (@ada)0.00050000 BTC0.00040000 BTCApr 17, 2025 11:00Credited Apr 17, 2025 10:00Waiting for staff",
    );
    expect(
      within(open as HTMLElement).getByRole("button", {
        name: "Reverse the deposit of 0.00050000 BTC to Ada Lovelace",
      }),
    ).toBeInTheDocument();
    expect(
      within(open as HTMLElement).getByRole("button", {
        name: "Absorb the deposit of 0.00050000 BTC to Ada Lovelace",
      }),
    ).toBeInTheDocument();
    expect(back).toHaveTextContent(/Nothing held.*Back in the chainNone$/);
    expect(reversed).toHaveTextContent(/ReversedApr 18, 2025 09:30None$/);
    expect(absorbed).toHaveTextContent(/AbsorbedNone$/);
    for (const row of [back, reversed, absorbed]) {
      expect(within(row as HTMLElement).queryByRole("button", { name: /Reverse|Absorb/ })).toBeNull();
    }
  });

  it("reverses with a reason after saying what it does; the books are asked again", async () => {
    let resolved = false;
    const view = renderBooks(
      () =>
        withDeposits(
          resolved
            ? reorged({ heldSats: null, resolution: "reversed", resolvedAt: localIso(2025, 4, 18, 9, 0) })
            : reorged(),
        ),
      {
        [REVERSE]: () => {
          resolved = true;
          return { deposit: reorged({ resolution: "reversed" }) };
        },
      },
    );
    await depositRows();
    await view.user.click(
      screen.getByRole("button", { name: "Reverse the deposit of 0.00050000 BTC to Ada Lovelace" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Reverse the deposit of 0.00050000 BTC?" });
    expect(dialog).toHaveAccessibleDescription(
      "The network reversed this deposit and it did not confirm again. The 0.00040000 BTC held on Ada Lovelace's account is taken back, and Ada Lovelace is told why; what they had already spent of it, the bank writes off. The reason is kept in the audit log.",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Reverse" }));
    expect(await within(dialog).findByText("A reason is required")).toBeInTheDocument();
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Gone for good");
    await view.user.click(within(dialog).getByRole("button", { name: "Reverse" }));
    await expectToast(
      "success",
      "Deposit reversed",
      "The amount held is taken back, and Ada Lovelace is told why.",
    );
    expect(requestsTo(view.fetchMock, REVERSE)).toEqual([{ reason: "Gone for good" }]);
    expect(requestsTo(view.fetchMock, ABSORB)).toEqual([]);
    await waitFor(async () => expect((await depositRows())[1]).toHaveTextContent(/Reversed/));
  });

  it("absorbs with a reason: the bank bears the loss", async () => {
    const view = renderBooks(() => withDeposits(reorged()), {
      [ABSORB]: () => ({ deposit: reorged({ resolution: "absorbed" }) }),
    });
    await depositRows();
    await view.user.click(
      screen.getByRole("button", { name: "Absorb the deposit of 0.00050000 BTC to Ada Lovelace" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Absorb the deposit of 0.00050000 BTC?" });
    expect(dialog).toHaveAccessibleDescription(
      /^The bank bears the loss: the 0\.00040000 BTC held on Ada Lovelace's account is released to them/,
    );
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Our node's fault");
    await view.user.click(within(dialog).getByRole("button", { name: "Absorb" }));
    await expectToast(
      "success",
      "Deposit absorbed",
      "The hold is released to Ada Lovelace; the bank bears the loss.",
    );
    expect(requestsTo(view.fetchMock, ABSORB)).toEqual([{ reason: "Our node's fault" }]);
  });

  it("a deposit resolved meanwhile: the server's words in a toast", async () => {
    const text =
      "This deposit is not waiting for staff: it was never reorganised out, it is back in a block, or it was resolved already.";
    const view = renderBooks(() => withDeposits(reorged()), {
      [REVERSE]: () => apiError(409, "CONFLICT", text),
    });
    await depositRows();
    await view.user.click(
      screen.getByRole("button", { name: "Reverse the deposit of 0.00050000 BTC to Ada Lovelace" }),
    );
    const dialog = await screen.findByRole("dialog");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Gone");
    await view.user.click(within(dialog).getByRole("button", { name: "Reverse" }));
    await expectToast("error", "Deposit not reversed", text);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("another refusal stays in the dialog, in its alert", async () => {
    const view = renderBooks(() => withDeposits(reorged()), {
      [ABSORB]: () => apiError(500, "INTERNAL", "Something went wrong on our side."),
    });
    await depositRows();
    await view.user.click(
      screen.getByRole("button", { name: "Absorb the deposit of 0.00050000 BTC to Ada Lovelace" }),
    );
    const dialog = await screen.findByRole("dialog");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Loss");
    await view.user.click(within(dialog).getByRole("button", { name: "Absorb" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Something went wrong on our side.");
  });
});
