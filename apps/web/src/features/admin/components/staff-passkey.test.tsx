import type { Books, WithdrawalApproveBody } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminMe, adminWithdrawal, books, localIso } from "@/test/admin-fixtures";
import {
  assertionJSON,
  cancelled,
  fakeAssertion,
  installFakeWebAuthn,
  passkeyRequired,
} from "@/test/fake-webauthn";
import { renderWithProviders } from "@/test/render";
import { requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { ApprovalsTab } from "./approvals-tab";
import { BooksTab } from "./books-tab";

const CHALLENGE_ID = "4c9e7a5b-3f1d-4e2a-8b0c-5d7f9b1c3e4a";
const stepUp = () => passkeyRequired(CHALLENGE_ID, "step-up", "Confirm this action with your passkey");

/** Without an approval: the step-up's 403; with it, `answer`. */
function needsPasskey(answer: StubHandler): StubHandler {
  return (request) => ((request.body as WithdrawalApproveBody).approval ? answer(request) : stepUp());
}

describe("staff actions confirmed with the staff member's passkey (step-up)", () => {
  const waiting = adminWithdrawal();
  const APPROVE = `POST /api/admin/withdrawals/${waiting.id}/approve`;

  function renderApprovals(approve: StubHandler) {
    const fetchMock = stubApi({
      routes: {
        "GET /api/admin/me": () => adminMe(),
        "GET /api/admin/withdrawals": () => ({ items: [waiting], nextCursor: null }),
        [APPROVE]: approve,
      },
    });
    return { ...renderWithProviders(<ApprovalsTab />), fetchMock };
  }

  it("Approve: the challenge is signed on the device and the approval sent again with it", async () => {
    const webauthn = installFakeWebAuthn();
    let release: () => void = () => {};
    webauthn.get.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(fakeAssertion());
        }),
    );
    const view = renderApprovals(
      needsPasskey(() => ({
        withdrawal: { id: waiting.id, status: "queued", approvalsNeeded: 1, approvals: 1 },
      })),
    );
    const card = await screen.findByRole("article", { name: "Ada Lovelace" });
    await view.user.click(
      within(card).getByRole("button", { name: "Approve the withdrawal of Ada Lovelace" }),
    );
    expect(
      await within(card).findByRole("button", {
        name: "Approve on your device... the withdrawal of Ada Lovelace",
      }),
    ).toBeDisabled();
    expect(within(card).getByRole("status")).toHaveTextContent("Confirm this action with your passkey");
    await waitFor(() => expect(webauthn.get).toHaveBeenCalled());
    release();
    await expectToast("success", "Withdrawal approved", "It is queued for the next payout.");
    expect(requestsTo(view.fetchMock, APPROVE)).toEqual([
      {},
      { approval: { challengeId: CHALLENGE_ID, response: assertionJSON() } },
    ]);
  });

  it("Approve with the passkey dialog cancelled approves nothing and says so", async () => {
    const webauthn = installFakeWebAuthn();
    webauthn.get.mockRejectedValueOnce(cancelled());
    const view = renderApprovals(needsPasskey(() => ({})));
    const card = await screen.findByRole("article", { name: "Ada Lovelace" });
    await view.user.click(
      within(card).getByRole("button", { name: "Approve the withdrawal of Ada Lovelace" }),
    );
    await expectToast("error", "Withdrawal not approved", "Passkey request cancelled. Nothing was approved.");
    expect(requestsTo(view.fetchMock, APPROVE)).toEqual([{}]);
  });

  const paused: Books["solvency"] = {
    ok: false,
    checkedAt: localIso(2025, 4, 17, 15, 0),
    liabilitiesSats: "120000300",
    reserves: { hotSats: "70000000", vaultSats: "50000000", totalSats: "120000000" },
    problems: [
      { code: "reserves_short", message: "The coins on the chain fall short of what the bank owes." },
    ],
    paused: true,
    pausedSince: localIso(2025, 4, 17, 14, 30),
    resumed: null,
  };

  async function resumeWith(resume: StubHandler) {
    const fetchMock = stubApi({
      routes: {
        "GET /api/admin/books": () => books({ ok: false, solvency: paused }),
        "POST /api/admin/solvency/resume": resume,
      },
    });
    const view = renderWithProviders(<BooksTab />);
    await view.user.click(await screen.findByRole("button", { name: "Resume payouts" }));
    const dialog = await screen.findByRole("dialog", { name: "Resume payouts?" });
    await view.user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Capital added today");
    await view.user.click(within(dialog).getByRole("button", { name: "Resume payouts" }));
    return { ...view, fetchMock, dialog };
  }

  it("Resume payouts: the same reason sent again with the passkey's approval", async () => {
    installFakeWebAuthn();
    const view = await resumeWith(needsPasskey(() => ({ ...paused, paused: false })));
    await expectToast("success", "Payouts resumed");
    expect(requestsTo(view.fetchMock, "POST /api/admin/solvency/resume")).toEqual([
      { reason: "Capital added today" },
      { reason: "Capital added today", approval: { challengeId: CHALLENGE_ID, response: assertionJSON() } },
    ]);
  });

  it("Resume payouts with the passkey dialog cancelled: the form stays, saying nothing was done", async () => {
    const webauthn = installFakeWebAuthn();
    webauthn.get.mockRejectedValueOnce(cancelled());
    const view = await resumeWith(needsPasskey(() => ({ ...paused, paused: false })));
    expect(await within(view.dialog).findByRole("alert")).toHaveTextContent(
      "Passkey request cancelled. Nothing was done.",
    );
    expect(within(view.dialog).getByRole("textbox", { name: "Reason" })).toHaveValue("Capital added today");
    expect(requestsTo(view.fetchMock, "POST /api/admin/solvency/resume")).toHaveLength(1);
  });
});
