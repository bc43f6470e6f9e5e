import type { Passkey, PasskeyList } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  assertionJSON,
  base64url,
  cancelled,
  installFakeWebAuthn,
  registrationJSON,
} from "@/test/fake-webauthn";
import { customer } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, type StubHandler, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { SecuritySettings } from "./security-settings";

const laptop: Passkey = {
  id: "5d0c7a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f",
  name: "Work laptop",
  device: "Chrome on Linux",
  synced: false,
  createdAt: "2025-04-10T09:00:00.000Z",
  lastUsedAt: null,
  flagged: false,
};
const phone: Passkey = {
  id: "6e1d8b2f-3c4a-4d7e-9f0a-1b2c3d4e5f60",
  name: "My phone",
  device: "iCloud Keychain",
  synced: true,
  createdAt: "2025-04-12T09:00:00.000Z",
  lastUsedAt: "2025-04-17T14:05:00.000Z",
  flagged: true,
};
const added: Passkey = { ...laptop, id: "7f2e9c3a-4d5b-4e8f-a01b-2c3d4e5f6071", name: "Desk key" };

const registrationOptions = {
  challengeId: "0e5a3f1c-9b7d-4a2e-8c6f-1d3b5a7c9e0f",
  options: {
    challenge: base64url("registration-challenge"),
    rp: { id: "localhost", name: "Satsbank" },
    user: { id: base64url("user-1"), name: "ada@example.com", displayName: "Ada Lovelace" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
  },
};
const proofChallenge = {
  challengeId: "1f6b4a2d-0c8e-4b3f-9d7a-2e4c6b8d0f1a",
  options: { challenge: base64url("proof-challenge"), rpId: "localhost", userVerification: "required" },
};
const reauthenticate = () =>
  apiError(403, "FORBIDDEN", "Confirm it's you to continue", undefined, "reauthenticate");

/** A server holding the person's passkeys; routes on top answer the changes. */
function passkeyServer(
  initial: Passkey[],
  routes: Record<string, StubHandler> = {},
  approveWithdrawals = true,
) {
  const state: PasskeyList = { passkeys: initial, approveWithdrawals, freshUntil: null };
  const fetchMock = stubApi({
    user: customer,
    routes: { "GET /api/account/passkeys": () => state, ...routes },
  });
  return { state, fetchMock };
}

async function openPasskeys() {
  const view = renderWithProviders(<SecuritySettings user={customer} />, { path: "/profile/security" });
  expect(screen.getByRole("heading", { name: "Passkeys" })).toBeInTheDocument();
  expect(screen.getByText("Sign in and approve withdrawals with your device")).toBeInTheDocument();
  await view.user.click(screen.getByRole("button", { name: "Manage Passkeys" }));
  const dialog = await screen.findByRole("dialog", { name: "Passkeys" });
  return { ...view, dialog };
}

describe("Security > Passkeys", () => {
  it("lists each passkey: name, device, synced or not, added, last used, and a blocked one with why", async () => {
    installFakeWebAuthn();
    passkeyServer([laptop, phone]);
    const { dialog } = await openPasskeys();
    const list = await within(dialog).findByRole("list", { name: "Your passkeys" });
    const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(first).toHaveAccessibleName("Work laptop");
    expect(first).toHaveTextContent("Chrome on Linux · This device only");
    expect(first).toHaveTextContent("AddedApr 10, 2025");
    expect(first).toHaveTextContent("Last usedNever");
    expect(within(first).queryByText("Blocked")).not.toBeInTheDocument();
    expect(second).toHaveTextContent("iCloud Keychain · Synced");
    expect(second).toHaveTextContent(/Last usedApr 17, 2025 \d\d:\d\d/);
    expect(within(second).getByText("Blocked")).toBeVisible();
    expect(second).toHaveAccessibleDescription(
      "This passkey was blocked because it may have been copied. Remove it in Security and add a new one, or contact support.",
    );
    expect(within(dialog).getByRole("switch", { name: "Approve withdrawals with a passkey" })).toBeChecked();
    expect(await within(dialog).findByRole("button", { name: "Add a passkey" })).toBeEnabled();
  });

  it("names the device once when the passkey is named after it", async () => {
    installFakeWebAuthn();
    passkeyServer([{ ...laptop, name: "Chrome on Linux" }]);
    const { dialog } = await openPasskeys();
    const list = await within(dialog).findByRole("list", { name: "Your passkeys" });
    const [only] = within(list).getAllByRole("listitem") as [HTMLElement];
    expect(only).toHaveAccessibleName("Chrome on Linux");
    // The line under the name is the sync state alone (not "Chrome on Linux · This device only").
    expect(within(only).getByText("This device only")).toBeInTheDocument();
  });

  it("with none: says so, and shows no withdrawal switch until one exists", async () => {
    installFakeWebAuthn();
    passkeyServer([]);
    const { dialog } = await openPasskeys();
    expect(await within(dialog).findByText(/No passkeys yet/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("switch")).not.toBeInTheDocument();
  });

  it("adds a passkey: the server's options to the browser, the new credential and its name back", async () => {
    const webauthn = installFakeWebAuthn();
    const { state, fetchMock } = passkeyServer([laptop], {
      "POST /api/auth/passkeys/registration/options": () => registrationOptions,
      "POST /api/auth/passkeys/registration/verify": () => {
        state.passkeys = [...state.passkeys, added];
        return Response.json({ passkey: added }, { status: 201 });
      },
    });
    const { dialog, user } = await openPasskeys();
    await user.type(await within(dialog).findByLabelText("Name (optional)"), "Desk key");
    await user.click(within(dialog).getByRole("button", { name: "Add a passkey" }));
    await expectToast("success", "Passkey added", "Desk key now signs in to your account.");
    // The browser was asked with the server's challenge.
    const publicKey = webauthn.create.mock.calls[0]?.[0]?.publicKey;
    expect(new TextDecoder().decode(publicKey?.challenge as ArrayBuffer)).toBe("registration-challenge");
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/registration/verify")).toEqual([
      { challengeId: registrationOptions.challengeId, response: registrationJSON(), name: "Desk key" },
    ]);
    expect(await within(dialog).findByRole("listitem", { name: "Desk key" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name (optional)")).toHaveValue("");
  });

  it("a cancelled browser dialog says so and adds nothing", async () => {
    const webauthn = installFakeWebAuthn();
    webauthn.create.mockRejectedValueOnce(cancelled());
    const { fetchMock } = passkeyServer([laptop], {
      "POST /api/auth/passkeys/registration/options": () => registrationOptions,
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Add a passkey" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Passkey request cancelled. No passkey was added.",
    );
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/registration/verify")).toEqual([]);
    expect(within(dialog).getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  });

  it("a browser without passkeys: no Add, and why", async () => {
    installFakeWebAuthn({ supported: false });
    passkeyServer([laptop]);
    const { dialog } = await openPasskeys();
    expect(
      await within(dialog).findByText(
        "This browser cannot use passkeys. Use a recent browser on a device with a screen lock.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Add a passkey" })).not.toBeInTheDocument();
    // What exists can still be managed.
    expect(within(dialog).getByRole("button", { name: "Remove Work laptop" })).toBeInTheDocument();
  });

  it("adding needs a fresh proof: the password, then the emailed code, then the passkey is added by itself", async () => {
    const webauthn = installFakeWebAuthn();
    let proved = false;
    const { state, fetchMock } = passkeyServer([laptop], {
      "POST /api/auth/passkeys/registration/options": () => (proved ? registrationOptions : reauthenticate()),
      "POST /api/auth/passkeys/registration/verify": () => {
        state.passkeys = [...state.passkeys, added];
        return { passkey: added };
      },
      "POST /api/account/reauthenticate": () => ({
        challengeId: "proof-1",
        method: "email",
        expiresAt: "2030-01-01T00:10:00.000Z",
      }),
      "POST /api/account/reauthenticate/verify": () => {
        proved = true;
        return { freshUntil: "2030-01-01T00:10:00.000Z" };
      },
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Add a passkey" }));
    await waitFor(() => expect(dialog).toHaveAccessibleName("Confirm it's you"));
    expect(dialog).toHaveAccessibleDescription("Confirm it's you to continue");
    expect(webauthn.create).not.toHaveBeenCalled();
    // One of their passkeys is offered first; the password is the other way.
    expect(within(dialog).getByRole("button", { name: "Use a passkey" })).toHaveFocus();
    await user.type(within(dialog).getByLabelText("Current Password"), "my password 1");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("We sent a 6-digit code to your email.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Authentication code"), "123456");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await expectToast("success", "Passkey added");
    expect(dialog).toHaveAccessibleName("Passkeys");
    expect(requestsTo(fetchMock, "POST /api/account/reauthenticate")).toEqual([
      { currentPassword: "my password 1" },
    ]);
    expect(requestsTo(fetchMock, "POST /api/account/reauthenticate/verify")).toEqual([
      { challengeId: "proof-1", code: "123456" },
    ]);
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/registration/options")).toHaveLength(2);
    expect(webauthn.create).toHaveBeenCalledTimes(1);
  });

  it("the fresh proof by passkey: the person's own passkey signs, then the change runs again", async () => {
    const webauthn = installFakeWebAuthn();
    let proved = false;
    const { fetchMock } = passkeyServer([laptop], {
      "POST /api/auth/passkeys/registration/options": () => (proved ? registrationOptions : reauthenticate()),
      "POST /api/auth/passkeys/registration/verify": () => ({ passkey: added }),
      "POST /api/auth/passkeys/authentication/options": () => proofChallenge,
      "POST /api/auth/passkeys/authentication/verify": () => {
        proved = true;
        return { user: customer, freshUntil: "2030-01-01T00:10:00.000Z" };
      },
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Add a passkey" }));
    await user.click(await within(dialog).findByRole("button", { name: "Use a passkey" }));
    await expectToast("success", "Passkey added");
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/options")).toEqual([
      { purpose: "reauthenticate" },
    ]);
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/authentication/verify")).toEqual([
      { challengeId: proofChallenge.challengeId, response: assertionJSON(), remember: false },
    ]);
    const signed = webauthn.get.mock.calls[0]?.[0]?.publicKey;
    expect(new TextDecoder().decode(signed?.challenge as ArrayBuffer)).toBe("proof-challenge");
  });

  it("closing 'Confirm it's you' changes nothing", async () => {
    installFakeWebAuthn();
    const { fetchMock } = passkeyServer([laptop], {
      "POST /api/auth/passkeys/registration/options": reauthenticate,
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Add a passkey" }));
    await within(dialog).findByRole("button", { name: "Use a passkey" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog).toHaveAccessibleName("Passkeys"));
    expect(within(dialog).getByRole("button", { name: "Add a passkey" })).toBeEnabled();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, "POST /api/auth/passkeys/registration/options")).toHaveLength(1);
  });

  it("renames a passkey in place", async () => {
    installFakeWebAuthn();
    const { state, fetchMock } = passkeyServer([laptop], {
      [`PATCH /api/account/passkeys/${laptop.id}`]: ({ body }) => {
        const renamed = { ...laptop, name: (body as { name: string }).name };
        state.passkeys = [renamed];
        return { passkey: renamed };
      },
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Rename Work laptop" }));
    const name = within(dialog).getByLabelText("Passkey name");
    expect(name).toHaveValue("Work laptop");
    await user.clear(name);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter a name for the passkey")).toBeInTheDocument();
    await user.type(name, "Home laptop");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await expectToast("success", "Passkey renamed", "It is now called Home laptop.");
    expect(requestsTo(fetchMock, `PATCH /api/account/passkeys/${laptop.id}`)).toEqual([
      { name: "Home laptop" },
    ]);
    expect(await within(dialog).findByRole("listitem", { name: "Home laptop" })).toBeInTheDocument();
  });

  it("removes a passkey after a confirmation that names it", async () => {
    installFakeWebAuthn();
    const { state, fetchMock } = passkeyServer([laptop, phone], {
      [`DELETE /api/account/passkeys/${phone.id}`]: () => {
        state.passkeys = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Remove My phone" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove My phone?" });
    expect(requestsTo(fetchMock, `DELETE /api/account/passkeys/${phone.id}`)).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Remove passkey" }));
    await expectToast("success", "Passkey removed", "My phone no longer signs in to your account.");
    await waitFor(() =>
      expect(within(dialog).queryByRole("listitem", { name: "My phone" })).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetchMock, `DELETE /api/account/passkeys/${phone.id}`)).toHaveLength(1);
  });

  it("Keep it removes nothing", async () => {
    installFakeWebAuthn();
    const { fetchMock } = passkeyServer([laptop]);
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Remove Work laptop" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove Work laptop?" });
    expect(confirm).toHaveAccessibleDescription(/your only passkey/);
    await user.click(within(confirm).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `DELETE /api/account/passkeys/${laptop.id}`)).toEqual([]);
  });

  it("removing the last one asks for the proof, then removes it by itself", async () => {
    installFakeWebAuthn();
    let proved = false;
    const { state, fetchMock } = passkeyServer([laptop], {
      [`DELETE /api/account/passkeys/${laptop.id}`]: () => {
        if (!proved) return reauthenticate();
        state.passkeys = [];
        return new Response(null, { status: 204 });
      },
      "POST /api/account/reauthenticate": () => ({
        challengeId: "proof-2",
        method: "totp",
        expiresAt: "2030-01-01T00:10:00.000Z",
      }),
      "POST /api/account/reauthenticate/verify": () => {
        proved = true;
        return { freshUntil: "2030-01-01T00:10:00.000Z" };
      },
    });
    const { dialog, user } = await openPasskeys();
    await user.click(await within(dialog).findByRole("button", { name: "Remove Work laptop" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove passkey" }),
    );
    await waitFor(() => expect(dialog).toHaveAccessibleName("Confirm it's you"));
    await user.type(within(dialog).getByLabelText("Current Password"), "my password 1");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(
      await within(dialog).findByText("Enter the 6-digit code from your authenticator app."),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Authentication code"), "654321");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await expectToast("success", "Passkey removed");
    expect(await within(dialog).findByText(/No passkeys yet/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `DELETE /api/account/passkeys/${laptop.id}`)).toHaveLength(2);
  });

  it("the withdrawal switch: off after the proof, and back on without one", async () => {
    installFakeWebAuthn();
    let proved = false;
    const { state, fetchMock } = passkeyServer([laptop], {
      "PATCH /api/account/passkeys/settings": ({ body }) => {
        const { approveWithdrawals } = body as { approveWithdrawals: boolean };
        if (!approveWithdrawals && !proved) return reauthenticate();
        state.approveWithdrawals = approveWithdrawals;
        return { approveWithdrawals };
      },
      "POST /api/auth/passkeys/authentication/options": () => proofChallenge,
      "POST /api/auth/passkeys/authentication/verify": () => {
        proved = true;
        return { user: customer, freshUntil: "2030-01-01T00:10:00.000Z" };
      },
    });
    const { dialog, user } = await openPasskeys();
    const toggle = await within(dialog).findByRole("switch", { name: "Approve withdrawals with a passkey" });
    expect(toggle).toHaveAccessibleDescription(
      "Each send to a Bitcoin address waits for your passkey. Sends to other customers stay one tap.",
    );
    await user.click(toggle);
    await user.click(await within(dialog).findByRole("button", { name: "Use a passkey" }));
    await expectToast(
      "success",
      "Passkey approval turned off",
      "Your withdrawals no longer ask for your passkey.",
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
    await user.click(toggle);
    await expectToast("success", "Passkey approval turned on");
    await waitFor(() => expect(toggle).toBeChecked());
    expect(requestsTo(fetchMock, "PATCH /api/account/passkeys/settings")).toEqual([
      { approveWithdrawals: false },
      { approveWithdrawals: false },
      { approveWithdrawals: true },
    ]);
  });

  it("the switch goes back when the proof is not given", async () => {
    installFakeWebAuthn();
    passkeyServer([laptop], { "PATCH /api/account/passkeys/settings": reauthenticate });
    const { dialog, user } = await openPasskeys();
    const toggle = await within(dialog).findByRole("switch", { name: "Approve withdrawals with a passkey" });
    await user.click(toggle);
    await user.click(await within(dialog).findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();
  });
});
