import type { EpochSummary, ReservesSignaturesResponse } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { ProofOfReservesSection } from "./proof-of-reserves-section";

const EPOCHS = "GET /api/proof";
const BUILD = "POST /api/admin/proof/epochs";
const SIGNATURES = "POST /api/admin/proof/epochs/12/reserves/signatures";

function epoch(overrides: Partial<EpochSummary> = {}): EpochSummary {
  return {
    epoch: 12,
    builtAt: "2025-04-17T09:15:00.000Z",
    blockHeight: 840_012,
    total: "1234567890",
    leafCount: 15,
    reserves: "awaiting_signatures",
    ...overrides,
  };
}

/** Epoch 12 waiting for the vault's signatures, 11 covered, 10 failing, 9 from before reserves proofs. */
const history = (latest: Partial<EpochSummary> = {}) => [
  epoch(latest),
  epoch({ epoch: 11, blockHeight: 839_900, total: "1200000000", reserves: "covered" }),
  epoch({ epoch: 10, blockHeight: 839_800, total: "1100000000", reserves: "failing" }),
  epoch({ epoch: 9, blockHeight: 839_700, total: "1000000000", reserves: null }),
];

function renderSection(list: StubHandler, more: Record<string, StubHandler> = {}) {
  const fetchMock = stubApi({ routes: { [EPOCHS]: list, ...more } });
  return { ...renderWithProviders(<ProofOfReservesSection />), fetchMock };
}

const findTable = () =>
  screen.findByRole("table", { name: "The latest proof-of-reserves epochs, newest first" });

/** The row of an epoch, by its number (the first cell). */
async function row(number: number) {
  const rows = within(await findTable()).getAllByRole("row");
  const found = rows.find((item) => within(item).queryAllByRole("cell")[0]?.textContent === `${number}`);
  if (!found) throw new Error(`no row for epoch ${number}`);
  return found;
}

async function openUpload(view: ReturnType<typeof renderSection>) {
  await view.user.click(
    within(await row(12)).getByRole("button", { name: "Upload signed PSBT for epoch 12" }),
  );
  return screen.findByRole("dialog", { name: "Upload a signed PSBT" });
}

const answer = (overrides: Partial<ReservesSignaturesResponse> = {}): ReservesSignaturesResponse => ({
  status: "awaiting_signatures",
  added: [
    { input: 1, key: 1 },
    { input: 2, key: 1 },
  ],
  ignored: [],
  ...overrides,
});

describe("Proof of reserves (Books)", () => {
  it("shows the latest epochs: block, liabilities and the reserves proof's status in words", async () => {
    renderSection(() => ({ epochs: history() }));
    const table = await findTable();
    const [head, ...rows] = within(table).getAllByRole("row");
    expect(head).toHaveTextContent("EpochBuiltBlockLiabilitiesReservesSigning");
    expect(rows.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^12Apr 17, 2025 \d\d:15840,01212\.34567890 BTCWaiting for the vault's signatures/,
      ),
      expect.stringMatching(/^11.*839,90012\.00000000 BTCCoveredNone needed$/),
      expect.stringMatching(/^10.*839,80011\.00000000 BTCFailingNone needed$/),
      expect.stringMatching(/^9.*839,70010\.00000000 BTCNo reserves proofNone needed$/),
    ]);
    const waiting = await row(12);
    expect(within(waiting).getByRole("link", { name: "Download PSBT of epoch 12" })).toHaveAttribute(
      "href",
      "/api/admin/proof/epochs/12/reserves/psbt",
    );
    expect(within(waiting).getByRole("link", { name: "As text (base64) of epoch 12" })).toHaveAttribute(
      "href",
      "/api/admin/proof/epochs/12/reserves/psbt?format=base64",
    );
    for (const done of [11, 10, 9]) {
      expect(within(await row(done)).queryByRole("link")).not.toBeInTheDocument();
      expect(within(await row(done)).queryByRole("button")).not.toBeInTheDocument();
    }
  });

  it("shows only the five latest epochs", async () => {
    const many = Array.from({ length: 8 }, (_, i) => epoch({ epoch: 8 - i, reserves: "covered" }));
    renderSection(() => ({ epochs: many }));
    const rows = within(await findTable())
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((item) => within(item).getAllByRole("cell")[0]?.textContent)).toEqual([
      "8",
      "7",
      "6",
      "5",
      "4",
    ]);
  });

  it("builds an epoch now: says what it froze, and the list shows it", async () => {
    let built = false;
    const made = epoch({ epoch: 13, blockHeight: 840_013, total: "1300000000" });
    const view = renderSection(() => ({ epochs: built ? [made, ...history()] : history() }), {
      [BUILD]: () => {
        built = true;
        return Response.json(made, { status: 201 });
      },
    });
    await findTable();
    await view.user.click(screen.getByRole("button", { name: "Build epoch now" }));
    await expectToast(
      "success",
      "Epoch 13 built",
      "Liabilities of 13.00000000 BTC at block 840,013. Its reserves proof waits for two vault key holders' signatures: download its PSBT for them.",
    );
    expect(requestsTo(view.fetchMock, BUILD)).toHaveLength(1);
    expect(await row(13)).toHaveTextContent("Waiting for the vault's signatures");
  });

  it("a build the server refuses says so in its words", async () => {
    const view = renderSection(() => ({ epochs: [] }), {
      [BUILD]: () => apiError(503, "SERVICE_UNAVAILABLE", "The chain backend is not answering."),
    });
    expect(await screen.findByText("No epochs yet")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Build epoch now" }));
    await expectToast("error", "Epoch not built");
  });

  it("uploads key 1's PSBT (it waits), then key 2's: covered, and the row follows", async () => {
    let uploads = 0;
    const view = renderSection(() => ({ epochs: history(uploads === 2 ? { reserves: "covered" } : {}) }), {
      [SIGNATURES]: () => {
        uploads += 1;
        return uploads === 1
          ? answer()
          : answer({
              status: "covered",
              added: [
                { input: 1, key: 2 },
                { input: 2, key: 2 },
              ],
            });
      },
    });
    let dialog = await openUpload(view);
    expect(dialog).toHaveAccessibleDescription(
      "Epoch 12's reserves proof, signed by a vault key holder's wallet. Its valid signatures are kept; once every vault coin has two, the proof is published.",
    );
    const bytes = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00]);
    await view.user.upload(
      within(dialog).getByLabelText("Signed PSBT file"),
      new File([bytes], "reserves-12.signed-aabbccdd.psbt", { type: "application/octet-stream" }),
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast(
      "success",
      "Signature added",
      "2 signatures added (key 1). Upload a second key holder's PSBT to complete epoch 12's reserves proof.",
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await row(12)).toHaveTextContent("Waiting for the vault's signatures");

    dialog = await openUpload(view);
    await view.user.type(
      within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" }),
      "  cHNidP8BAA==  ",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast(
      "success",
      "Reserves covered",
      "2 signatures added (key 2). Every vault coin has two signatures: epoch 12's reserves proof is published, and its coins cover the liabilities.",
    );
    expect(requestsTo(view.fetchMock, SIGNATURES)).toEqual([
      { psbt: "cHNidP8BAA==" },
      { psbt: "cHNidP8BAA==" },
    ]);
    await waitFor(async () => expect(await row(12)).toHaveTextContent(/Covered/));
    expect(within(await row(12)).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says which signatures were not counted, and a proof completed below the liabilities as failing", async () => {
    const view = renderSection(() => ({ epochs: history() }), {
      [SIGNATURES]: () =>
        answer({
          status: "failing",
          added: [{ input: 1, key: 3 }],
          ignored: [
            { input: 2, reason: "a signature by 02b4632d08485ff1…, which is not one of the vault's keys" },
          ],
        }),
    });
    const dialog = await openUpload(view);
    await view.user.type(
      within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" }),
      "cHNidP8BAA==",
    );
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast(
      "error",
      "Reserves failing",
      "1 signature added (key 3). Epoch 12's reserves proof is published, but its coins sum to less than the liabilities: the solvency watchdog raises it.",
    );
    await expectToast(
      "error",
      "A signature was not counted",
      "Input 3: a signature by 02b4632d08485ff1…, which is not one of the vault's keys.",
    );
  });

  it("a PSBT of another epoch is refused in the dialog; a proof completed meanwhile in a toast", async () => {
    const foreign = "This PSBT is not this epoch's reserves proof.";
    const complete = "Epoch 12's reserves proof is complete: it takes no more signatures.";
    let refusal = () => apiError(400, "BAD_REQUEST", foreign);
    const view = renderSection(() => ({ epochs: history() }), { [SIGNATURES]: () => refusal() });
    const dialog = await openUpload(view);
    const pasted = within(dialog).getByRole("textbox", { name: "Or paste the signed PSBT" });
    await view.user.type(pasted, "cHNidP8BAA==");
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(foreign);

    refusal = () => apiError(409, "CONFLICT", complete);
    await view.user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await expectToast("error", "PSBT not accepted", complete);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows an error with Try again when the epochs cannot be loaded", async () => {
    renderSection(() => apiError(500, "INTERNAL", "Boom"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The epochs could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
