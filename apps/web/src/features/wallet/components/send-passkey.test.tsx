import type { SendBody } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  assertionJSON,
  cancelled,
  fakeAssertion,
  installFakeWebAuthn,
  lastGetOptions,
  passkeyRequired,
} from "@/test/fake-webauthn";
import { customerQuote, transaction, walletSummary, withdrawalQuote } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { SendBitcoin } from "./send-bitcoin";

const address = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";
const CHALLENGE_ID = "3b8d6f4a-2e0c-4d1f-9a7b-4c6e8a0b2d3f";

const sent = () =>
  Response.json(
    {
      transaction: transaction({
        status: "pending",
        feeSats: "1000",
        counterparty: { username: null, name: null, address },
        withdrawal: { state: "queued", heldUntil: null, reason: null },
      }),
    },
    { status: 201 },
  );

/** The server: a send without an approval needs one; with it, `approved` answers. */
function approvingServer(approved: StubHandler = sent): StubHandler {
  return (request) =>
    (request.body as SendBody).approval
      ? approved(request)
      : passkeyRequired(CHALLENGE_ID, "withdrawal-challenge");
}

async function review(send: StubHandler, { recipient = address, quote = withdrawalQuote } = {}) {
  const fetchMock = stubApi({
    routes: {
      "GET /api/wallet": () => walletSummary,
      "POST /api/wallet/send/quote": quote,
      "POST /api/wallet/send": send,
    },
  });
  const view = renderWithProviders(<SendBitcoin />, { path: "/wallet/send" });
  await view.user.type(await screen.findByLabelText("Recipient"), recipient);
  await view.user.type(screen.getByLabelText("Amount (BTC)"), "0.002");
  await view.user.click(screen.getByRole("button", { name: "Continue" }));
  const dialog = await screen.findByRole("dialog", { name: "Review Transaction" });
  return { ...view, dialog, fetchMock };
}

const sends = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, "POST /api/wallet/send") as SendBody[];

describe("a withdrawal approved with the customer's passkey", () => {
  it("403 PASSKEY_REQUIRED: the browser signs, and the SAME send goes again with the approval", async () => {
    const webauthn = installFakeWebAuthn();
    let release: () => void = () => {};
    webauthn.get.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(fakeAssertion());
        }),
    );
    const view = await review(approvingServer());
    await view.user.click(within(view.dialog).getByRole("button", { name: "Confirm & Send" }));
    // While the browser's dialog is open, the review says what it waits for.
    expect(
      await within(view.dialog).findByRole("button", { name: "Approve on your device..." }),
    ).toBeDisabled();
    expect(within(view.dialog).getByRole("status")).toHaveTextContent(
      "Approve this withdrawal with your passkey",
    );
    await waitFor(() => expect(webauthn.get).toHaveBeenCalledTimes(1));
    expect(new TextDecoder().decode(lastGetOptions(webauthn.get)?.publicKey?.challenge as ArrayBuffer)).toBe(
      "withdrawal-challenge",
    );
    release();
    await expectToast("success", "Bitcoin sent successfully");
    const [first, second] = sends(view.fetchMock);
    expect(first?.approval).toBeUndefined();
    expect(second).toEqual({ ...first, approval: { challengeId: CHALLENGE_ID, response: assertionJSON() } });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(sends(view.fetchMock)).toHaveLength(2);
  });

  it("a cancelled browser dialog: the review stays open and says so, nothing is sent; confirming again sends", async () => {
    const webauthn = installFakeWebAuthn();
    webauthn.get.mockRejectedValueOnce(cancelled());
    const view = await review(approvingServer());
    await view.user.click(within(view.dialog).getByRole("button", { name: "Confirm & Send" }));
    expect(await within(view.dialog).findByRole("alert")).toHaveTextContent(
      "Passkey request cancelled. Nothing was sent: confirm again to approve it on your device.",
    );
    expect(sends(view.fetchMock).filter((body) => body.approval)).toEqual([]);
    expect(screen.queryByText("Bitcoin sent successfully")).not.toBeInTheDocument();
    const confirm = within(view.dialog).getByRole("button", { name: "Confirm & Send" });
    expect(confirm).toBeEnabled();
    await view.user.click(confirm);
    await expectToast("success", "Bitcoin sent successfully");
    const keys = new Set(sends(view.fetchMock).map((body) => body.idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it.each([
    [
      "passkeyChanged",
      400,
      "Approve again",
      "This withdrawal changed after you approved it. Review it and approve it again.",
    ],
    [
      "passkeyReused",
      409,
      "Approval already used",
      "This approval was already used. Approve the withdrawal again.",
    ],
    ["passkeyExpired", 400, "Approval expired", "The passkey request expired. Please try again."],
    [
      "passkeyNotVerified",
      400,
      "Passkey not verified",
      "Your passkey could not be verified. Please try again.",
    ],
    [
      "passkeyFlagged",
      403,
      "Passkey blocked",
      "This passkey was blocked because it may have been copied. Remove it in Security and add a new one, or contact support.",
    ],
  ] as const)(
    "a refused approval (%s) is the send's error toast, and the review closes",
    async (reason, status, title, text) => {
      installFakeWebAuthn();
      const view = await review(
        approvingServer(() => apiError(status, "BAD_REQUEST", text, undefined, reason)),
      );
      await view.user.click(within(view.dialog).getByRole("button", { name: "Confirm & Send" }));
      await expectToast("error", title, text);
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    },
  );

  it("a send to another customer never asks: one tap, one request", async () => {
    const webauthn = installFakeWebAuthn();
    const view = await review(() => Response.json({ transaction: transaction() }, { status: 201 }), {
      recipient: "alice",
      quote: customerQuote,
    });
    await view.user.click(within(view.dialog).getByRole("button", { name: "Confirm & Send" }));
    await expectToast("success", "Bitcoin sent successfully");
    expect(sends(view.fetchMock)).toHaveLength(1);
    expect(webauthn.get).not.toHaveBeenCalled();
  });
});
