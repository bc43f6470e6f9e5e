import type { RefillSignaturesResponse, VaultRefill } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REFILL_ID, vaultOverview, vaultRefill } from "@/test/admin-fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { VaultTab } from "./vault-tab";

const VAULT = "GET /api/admin/vault";
const START = "POST /api/admin/vault/refills";
const SIGNATURES = `POST /api/admin/vault/refills/${REFILL_ID}/signatures`;
const CANCEL = `POST /api/admin/vault/refills/${REFILL_ID}/cancel`;

function renderVault(list: StubHandler = () => vaultOverview(), more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({ routes: { [VAULT]: list, ...more } });
  return { ...renderWithProviders(<VaultTab />), fetchMock };
}

const findRefill = (amount = "0.03000000 BTC") =>
  screen.findByRole("article", { name: `Refill of ${amount}` });

/** A fact's value, by its term. */
const fact = (within_: HTMLElement, term: string) =>
  within(within_).getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

/** What an upload answers: the refill as it now stands, the signatures added and ignored. */
function uploaded(overrides: Partial<RefillSignaturesResponse> = {}): RefillSignaturesResponse {
  return {
    refill: vaultRefill({
      inputs: [
        { txid: "e1".repeat(32), vout: 0, valueSats: "2000000", signedBy: [1] },
        { txid: "e2".repeat(32), vout: 1, valueSats: "2000000", signedBy: [1] },
      ],
    }),
    added: [{ input: 1, key: 1 }],
    ignored: [],
    broadcast: null,
    ...overrides,
  };
}

/** Opens the refill's upload dialog. */
async function openUpload(view: ReturnType<typeof renderVault>) {
  const card = await findRefill();
  await view.user.click(
    within(card).getByRole("button", { name: "Upload signed PSBT for the refill of 0.03000000 BTC" }),
  );
  return screen.findByRole("dialog", { name: "Upload a signed PSBT" });
}

describe("Vault", () => {
  it("says so when no cold vault is configured", async () => {
    renderVault(() => ({ configured: false }));
    expect(
      await screen.findByText("No cold vault is configured (COLD_VAULT_DESCRIPTOR)."),
    ).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Every coin stays in the hot wallet: no sweeps, no refills.",
    );
    expect(screen.queryByRole("button", { name: "Start a refill" })).not.toBeInTheDocument();
  });

  it("shows the vault's and the hot wallet's balances, the refills, the sweeps and the keys", async () => {
    renderVault();
    const card = await findRefill();
    const balances = screen.getByRole("region", { name: "Balances" });
    expect(fact(balances, "Available for a refill")).toHaveTextContent("0.50000000 BTC");
    expect(fact(balances, "Locked by refills")).toHaveTextContent("0.04000000 BTC");
    expect(fact(balances, "Incoming (sweeps not yet confirmed)")).toHaveTextContent("0.01500000 BTC");
    expect(fact(balances, "Coins")).toHaveTextContent("3");
    expect(fact(balances, "Available")).toHaveTextContent("0.02000000 BTC");
    expect(fact(balances, "Max (above it, the excess is swept to the vault)")).toHaveTextContent(
      "0.10000000 BTC",
    );
    expect(fact(balances, "Target")).toHaveTextContent("0.05000000 BTC");
    expect(fact(balances, "Refill to reach the target")).toHaveTextContent("0.03000000 BTC");

    expect(within(card).getByRole("heading", { level: 3, name: "Refill of 0.03000000 BTC" }));
    expect(card).toHaveTextContent("Started by Grace Hopper · Apr 17, 2025 09:15");
    expect(within(card).getByText("Waiting for signatures")).toBeInTheDocument();
    expect(fact(card, "Reason")).toHaveTextContent("Withdrawals this afternoon");
    expect(fact(card, "Miner fee")).toHaveTextContent("0.00000420 BTC");
    expect(fact(card, "Change to the vault")).toHaveTextContent("0.00999580 BTC");
    expect(
      within(fact(card, "Transaction")).getByRole("button", { name: `Copy txid ${"cd".repeat(32)}` }),
    ).toBeInTheDocument();
    const signatures = within(card).getByRole("region", {
      name: "Signatures of the refill of 0.03000000 BTC",
    });
    expect(
      within(signatures)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Vault coin 1 (0.02000000 BTC): 1 of 2 signatures · signed by key 1",
      "Vault coin 2 (0.02000000 BTC): 0 of 2 signatures",
    ]);
    expect(
      within(card).getByRole("link", { name: "Download PSBT of the refill of 0.03000000 BTC" }),
    ).toHaveAttribute("href", `/api/admin/vault/refills/${REFILL_ID}/psbt`);
    expect(
      within(card).getByRole("link", {
        name: "Download as text (base64) of the refill of 0.03000000 BTC",
      }),
    ).toHaveAttribute("href", `/api/admin/vault/refills/${REFILL_ID}/psbt?format=base64`);

    const sweeps = screen.getByRole("table", { name: "Sweeps to the cold vault, newest first" });
    const [head, sweep] = within(sweeps).getAllByRole("row");
    expect(head).toHaveTextContent("Date & TimeAmountMiner feeStatusConfirmedTransactionVault address");
    expect(sweep).toHaveTextContent(
      /^Apr 16, 2025 18:000\.01500000 BTC0\.00000310 BTCConfirmedApr 16, 2025 18:20Block 840,010/,
    );

    const keys = screen.getByRole("table", { name: "The vault's keys" });
    expect(
      within(keys)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Key 1", "Key 2", "Key 3"]);
    expect(within(keys).getAllByRole("row")[1]).toHaveTextContent("Key 1aabbccddm/48h/1h/0h/2h");
    expect(screen.getByRole("button", { name: "Copy descriptor" })).toBeInTheDocument();
    expect(screen.getByText(/^wsh\(sortedmulti\(2,/)).toBeInTheDocument();
  });

  it("a refill past its signatures shows when it was broadcast and confirmed, without actions", async () => {
    renderVault(() =>
      vaultOverview({
        refills: [
          vaultRefill({
            status: "confirmed",
            complete: true,
            change: null,
            inputs: [{ txid: "e1".repeat(32), vout: 0, valueSats: "3000420", signedBy: [3, 1] }],
            broadcastAt: "2025-04-17T10:00:00.000Z",
            confirmedAt: "2025-04-17T10:20:00.000Z",
            blockHeight: 840_020,
          }),
        ],
        sweeps: [],
      }),
    );
    const card = await findRefill();
    expect(within(card).getByText("Confirmed", { selector: "span" })).toBeInTheDocument();
    expect(fact(card, "Change to the vault")).toHaveTextContent("None");
    expect(fact(card, "Confirmed")).toHaveTextContent(/ · block 840,020$/);
    expect(card).toHaveTextContent(
      "Vault coin 1 (0.03000420 BTC): 2 of 2 signatures · signed by keys 1 and 3",
    );
    expect(within(card).queryByRole("link")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Upload|Cancel/ })).not.toBeInTheDocument();
    expect(screen.getByText("No sweeps yet")).toBeInTheDocument();
  });

  it("starts a refill: the amount filled in to reach the target, a reason required; the tab refreshes", async () => {
    let started = false;
    const made = vaultRefill({ amountSats: "2000000" });
    const view = renderVault(() => vaultOverview({ refills: started ? [made] : [] }), {
      [START]: () => Response.json({ refill: made }, { status: 201 }),
    });
    expect(await screen.findByText("No refills yet")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Start a refill" }));
    const dialog = await screen.findByRole("dialog", { name: "Start a refill" });
    const amount = within(dialog).getByRole("textbox", { name: "Amount (BTC)" });
    expect(amount).toHaveValue("0.03");
    expect(amount).toHaveAccessibleDescription(
      "Available in the vault: 0.50000000 BTC. 0.03000000 BTC brings the hot wallet to its target. The vault's coins pay the miner fee.",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Start refill" }));
    expect(await within(dialog).findByText("A reason is required")).toBeInTheDocument();

    await view.user.clear(amount);
    await view.user.type(amount, "0.0x2");
    expect(amount).toHaveValue("0.02");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Payday withdrawals");
    started = true;
    await view.user.click(within(dialog).getByRole("button", { name: "Start refill" }));
    await expectToast(
      "success",
      "Refill started",
      "The refill of 0.02000000 BTC waits for two key holders' signatures: download its PSBT for them.",
    );
    expect(requestsTo(view.fetchMock, START)).toEqual([
      { amountSats: "2000000", reason: "Payday withdrawals" },
    ]);
    expect(await findRefill("0.02000000 BTC")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("refuses an amount of zero before asking; the server's refusals stay in the dialog", async () => {
    const text = "The vault's available coins (50000000 sat) do not cover this amount and the miner fee.";
    const dust = "A refill must bring at least 546 sat to the hot wallet.";
    let answer = () => apiError(409, "CONFLICT", text);
    const view = renderVault(undefined, { [START]: () => answer() });
    await findRefill();
    await view.user.click(screen.getByRole("button", { name: "Start a refill" }));
    const dialog = await screen.findByRole("dialog", { name: "Start a refill" });
    const amount = within(dialog).getByRole("textbox", { name: "Amount (BTC)" });
    await view.user.clear(amount);
    await view.user.type(amount, "0");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Top up");
    await view.user.click(within(dialog).getByRole("button", { name: "Start refill" }));
    expect(await within(dialog).findByText("Please enter a valid amount")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, START)).toEqual([]);

    await view.user.type(amount, ".9");
    await view.user.click(within(dialog).getByRole("button", { name: "Start refill" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(text);

    answer = () => apiError(400, "VALIDATION_ERROR", dust, { amountSats: dust });
    await view.user.click(within(dialog).getByRole("button", { name: "Start refill" }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(new RegExp(`${dust}$`)));
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveFocus();
  });

  it("uploads a binary .psbt file as its base64: one key's signature, 1 of 2 signatures", async () => {
    const view = renderVault(undefined, { [SIGNATURES]: () => uploaded() });
    const dialog = await openUpload(view);
    const bytes = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00]);
    await view.user.upload(
      within(dialog).getByLabelText("Signed PSBT file"),
      new File([bytes], "refill.signed-aabbccdd.psbt", { type: "application/octet-stream" }),
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast(
      "success",
      "Signature added",
      "Signed by key 1: 1 of 2 signatures. Upload a second key holder's PSBT to broadcast it.",
    );
    expect(requestsTo(view.fetchMock, SIGNATURES)).toEqual([{ psbt: "cHNidP8BAA==" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("uploads a base64 text file as its text, and says which signatures were not counted", async () => {
    const view = renderVault(undefined, {
      [SIGNATURES]: () =>
        uploaded({
          ignored: [
            { input: 0, reason: "a signature by 02b4632d08485ff1…, which is not one of the vault's keys" },
          ],
        }),
    });
    const dialog = await openUpload(view);
    await view.user.upload(
      within(dialog).getByLabelText("Signed PSBT file"),
      new File(["cHNidP8BAA==\n"], "refill.psbt", { type: "text/plain" }),
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast("success", "Signature added");
    await expectToast(
      "error",
      "A signature was not counted",
      "Input 1: a signature by 02b4632d08485ff1…, which is not one of the vault's keys.",
    );
    expect(requestsTo(view.fetchMock, SIGNATURES)).toEqual([{ psbt: "cHNidP8BAA==" }]);
  });

  it("the second key holder's pasted PSBT broadcasts the refill; the card follows", async () => {
    let broadcast = false;
    const done = vaultRefill({
      status: "broadcast",
      complete: true,
      broadcastAt: "2025-04-17T10:00:00.000Z",
      inputs: [
        { txid: "e1".repeat(32), vout: 0, valueSats: "2000000", signedBy: [1, 2] },
        { txid: "e2".repeat(32), vout: 1, valueSats: "2000000", signedBy: [1, 2] },
      ],
    });
    const view = renderVault(() => vaultOverview({ refills: [broadcast ? done : vaultRefill()] }), {
      [SIGNATURES]: () => {
        broadcast = true;
        return uploaded({ refill: done, added: [{ input: 0, key: 2 }], broadcast: "broadcast" });
      },
    });
    const dialog = await openUpload(view);
    await view.user.type(
      within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" }),
      "  cHNidP8BAA==  ",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast(
      "success",
      "Refill broadcast",
      "Every vault coin has two signatures: the refill was sent to the network. It is settled once it confirms.",
    );
    expect(requestsTo(view.fetchMock, SIGNATURES)).toEqual([{ psbt: "cHNidP8BAA==" }]);
    const card = await findRefill();
    await waitFor(() =>
      expect(within(card).getByText("Broadcast", { selector: "span" })).toBeInTheDocument(),
    );
    expect(within(card).queryByRole("button", { name: /Upload/ })).not.toBeInTheDocument();
  });

  it("asks for a file or a text, not both, before sending", async () => {
    const view = renderVault(undefined, { [SIGNATURES]: () => uploaded() });
    const dialog = await openUpload(view);
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    const file = within(dialog).getByLabelText("Signed PSBT file");
    await waitFor(() =>
      expect(file).toHaveAccessibleDescription(/Choose the signed PSBT's file, or paste its text\.$/),
    );
    await view.user.upload(file, new File(["cHNidP8BAA=="], "a.psbt"));
    await view.user.type(within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" }), "cHNi");
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await waitFor(() =>
      expect(file).toHaveAccessibleDescription(/Choose a file or paste the text, not both\.$/),
    );
    expect(requestsTo(view.fetchMock, SIGNATURES)).toEqual([]);
  });

  it("a PSBT of another transaction is refused in the dialog, in the server's words", async () => {
    const text =
      "This PSBT is not this refill's transaction (its txid differs): its inputs or outputs were changed, or it belongs to another refill. Download this refill's PSBT and sign that.";
    const view = renderVault(undefined, {
      [SIGNATURES]: () => apiError(400, "BAD_REQUEST", text),
    });
    const dialog = await openUpload(view);
    await view.user.type(
      within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" }),
      "cHNidP8BAA==",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(text);
  });

  it("a refill broadcast meanwhile takes no more signatures: the server's words in a toast", async () => {
    const text =
      "This refill is broadcast: it no longer takes signatures (a PSBT sent again is not accepted).";
    const view = renderVault(undefined, { [SIGNATURES]: () => apiError(409, "CONFLICT", text) });
    const dialog = await openUpload(view);
    await view.user.type(
      within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" }),
      "cHNidP8BAA==",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast("error", "PSBT not accepted", text);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("cancels a refill with a reason; a refusal says the server's words", async () => {
    let cancelled: VaultRefill | null = null;
    const view = renderVault(() => vaultOverview({ refills: [cancelled ?? vaultRefill()] }), {
      [CANCEL]: () => {
        cancelled = vaultRefill({ status: "cancelled" });
        return { refill: cancelled };
      },
    });
    const card = await findRefill();
    await view.user.click(within(card).getByRole("button", { name: "Cancel refill of 0.03000000 BTC" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the refill of 0.03000000 BTC?" });
    expect(dialog).toHaveAccessibleDescription(
      "Its vault coins are free again, and its PSBT no longer takes signatures. The reason is kept in the audit log.",
    );
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Wrong amount");
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel refill" }));
    await expectToast("success", "Refill cancelled", "Its vault coins are free again.");
    expect(requestsTo(view.fetchMock, CANCEL)).toEqual([{ reason: "Wrong amount" }]);
    await waitFor(() => expect(within(card).getByText("Cancelled")).toBeInTheDocument());
  });

  it("a cancel refused because the refill was broadcast says so", async () => {
    const text = "This refill is broadcast: only a refill waiting for signatures can be cancelled.";
    const view = renderVault(undefined, { [CANCEL]: () => apiError(409, "CONFLICT", text) });
    const card = await findRefill();
    await view.user.click(within(card).getByRole("button", { name: "Cancel refill of 0.03000000 BTC" }));
    const dialog = await screen.findByRole("dialog");
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Wrong amount");
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel refill" }));
    await expectToast("error", "Refill not cancelled", text);
  });

  it("shows an error with Try again when the vault cannot be loaded", async () => {
    renderVault(() => apiError(500, "INTERNAL", "Boom"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The vault could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
