import type { SessionUser } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, type StubApiOptions, stubApi } from "@/test/stub-api";

const setup = {
  secret: "JBSWY3DPEHPK3PXP",
  otpauthUri: "otpauth://totp/Satsbank:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Satsbank",
};
const enrolled: SessionUser = { ...customer, twoFactorEnabled: true };
const codes = [
  "2hk3m-q9xwz",
  "7ab2c-d3ef4",
  "ghj5k-m6np7",
  "qr8st-u9vwx",
  "yz2a3-b4c5d",
  "e6f7g-h8j9k",
  "m2n3p-q4r5s",
  "t6u7v-w8x9y",
  "z2a3b-c4d5e",
  "f6g7h-j8k9m",
];

/** Switches Two-Factor Authentication on and passes the password step; returns the enrolment dialog. */
async function startEnrolment(view: Awaited<ReturnType<typeof renderSecurity>>, password = "my password 1") {
  await view.user.click(view.toggle);
  const dialog = await screen.findByRole("dialog", { name: "Set up two-factor authentication" });
  await view.user.type(within(dialog).getByLabelText("Current Password"), password);
  await view.user.click(within(dialog).getByRole("button", { name: "Continue" }));
  return dialog;
}

async function renderSecurity(account: SessionUser, routes: StubApiOptions["routes"] = {}) {
  const fetchMock = stubApi({ user: account, routes });
  const view = renderRoute("/profile/security");
  const toggle = await screen.findByRole("switch", { name: "Two-Factor Authentication" });
  return { ...view, fetchMock, toggle, user: userEvent.setup() };
}

describe("security settings", () => {
  it("has the three rows", async () => {
    const { toggle } = await renderSecurity(customer);
    expect(screen.getByRole("heading", { level: 1, name: "Security Settings" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Change Password" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Login History" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change Password" })).toHaveTextContent("Change");
    expect(screen.getByRole("button", { name: "View Login History" })).toHaveTextContent("View");
    expect(toggle).toHaveAccessibleDescription("Add extra security to your account");
    expect(toggle).not.toBeChecked();
  });

  it("switching on enrols an authenticator: QR code, secret, code, Enable, then the recovery codes once", async () => {
    const view = await renderSecurity(customer, {
      "POST /api/account/two-factor/setup": () => setup,
      "POST /api/account/two-factor/enable": () => ({ user: enrolled, recoveryCodes: codes }),
      "GET /api/account/two-factor/recovery-codes": () => ({ remaining: 10 }),
    });
    await view.user.click(view.toggle);
    const dialog = await screen.findByRole("dialog", { name: "Set up two-factor authentication" });
    // The password comes first: nothing is asked of the server before it.
    expect(dialog).toHaveAccessibleDescription("Enter your current password to continue.");
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/setup")).toEqual([]);
    await view.user.type(within(dialog).getByLabelText("Current Password"), "my password 1");
    await view.user.click(within(dialog).getByRole("button", { name: "Continue" }));
    // A placeholder while the code is drawn, then the picture.
    await waitFor(() =>
      expect(within(dialog).getByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute(
        "src",
        expect.stringMatching(/^data:image\/svg\+xml/),
      ),
    );
    expect(within(dialog).getByText(setup.secret)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Copy secret key" })).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/setup")).toEqual([
      { currentPassword: "my password 1" },
    ]);

    const enable = within(dialog).getByRole("button", { name: "Enable" });
    expect(enable).toBeDisabled();
    await view.user.type(within(dialog).getByLabelText("Authentication code"), "123456");
    await view.user.click(enable);
    expect(await screen.findByText("Two-factor authentication enabled")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/enable")).toEqual([{ code: "123456" }]);

    // The recovery codes, shown this once, with a copy and a download; the dialog stays until they are saved.
    const list = await within(dialog).findByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(within(dialog).getByText("Save your recovery codes now")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Copy codes" })).toBeInTheDocument();
    const download = within(dialog).getByRole("link", { name: "Download codes" });
    expect(download).toHaveAttribute("download", "recovery-codes.txt");
    expect(decodeURIComponent(download.getAttribute("href") ?? "")).toBe(
      `data:text/plain;charset=utf-8,${codes.join("\n")}\n`,
    );
    await view.user.click(within(dialog).getByRole("button", { name: "I've saved my codes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("switch", { name: "Two-Factor Authentication" })).toBeChecked();
    // Security now has the Recovery Codes row.
    expect(await screen.findByText(/^10 of 10 left\./)).toBeInTheDocument();
  });

  it("shows how many recovery codes are left and makes new ones with the password, shown once", async () => {
    const view = await renderSecurity(enrolled, {
      "GET /api/account/two-factor/recovery-codes": () => ({ remaining: 3 }),
      "POST /api/account/two-factor/recovery-codes": () => ({ recoveryCodes: codes }),
    });
    expect(screen.getByRole("heading", { name: "Recovery Codes" })).toBeInTheDocument();
    const newCodes = screen.getByRole("button", { name: "New recovery codes" });
    await waitFor(() =>
      expect(newCodes).toHaveAccessibleDescription(
        "3 of 10 left. Each signs you in once if you lose your authenticator app.",
      ),
    );
    await view.user.click(newCodes);
    const dialog = await screen.findByRole("dialog", { name: "New recovery codes" });
    await view.user.type(within(dialog).getByLabelText("Current Password"), "my password 1");
    await view.user.click(within(dialog).getByRole("button", { name: "Make new codes" }));
    const list = await within(dialog).findByRole("list", { name: "Recovery codes" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(dialog).toHaveAccessibleDescription("Your old recovery codes no longer work.");
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/recovery-codes")).toEqual([
      { currentPassword: "my password 1" },
    ]);
    await view.user.click(within(dialog).getByRole("button", { name: "I've saved my codes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Opened again, it asks for the password again: the codes are not kept.
    await view.user.click(newCodes);
    const again = await screen.findByRole("dialog", { name: "New recovery codes" });
    expect(within(again).queryByRole("list", { name: "Recovery codes" })).toBeNull();
    expect(within(again).getByLabelText("Current Password")).toHaveValue("");
  });

  it("a wrong password for new recovery codes shows on its field", async () => {
    const wrong = "Current password is incorrect";
    const view = await renderSecurity(enrolled, {
      "GET /api/account/two-factor/recovery-codes": () => ({ remaining: 10 }),
      "POST /api/account/two-factor/recovery-codes": () =>
        apiError(400, "VALIDATION_ERROR", wrong, { currentPassword: wrong }),
    });
    await view.user.click(screen.getByRole("button", { name: "New recovery codes" }));
    const dialog = await screen.findByRole("dialog", { name: "New recovery codes" });
    await view.user.type(within(dialog).getByLabelText("Current Password"), "not mine");
    await view.user.click(within(dialog).getByRole("button", { name: "Make new codes" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Current Password")).toHaveAccessibleDescription(wrong),
    );
    expect(within(dialog).queryByRole("list", { name: "Recovery codes" })).toBeNull();
  });

  it("switching off without the device takes a recovery code", async () => {
    const view = await renderSecurity(enrolled, {
      "GET /api/account/two-factor/recovery-codes": () => ({ remaining: 10 }),
      "POST /api/account/two-factor/disable": ({ body }) =>
        (body as { recoveryCode?: string }).recoveryCode === "2hk3m-q9xwz"
          ? { user: customer }
          : apiError(400, "VALIDATION_ERROR", "Wrong", {
              recoveryCode: "That recovery code is not correct, or it was used already.",
            }),
    });
    await view.user.click(view.toggle);
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor authentication" });
    await view.user.click(
      within(dialog).getByRole("button", { name: "Lost your device? Use a recovery code" }),
    );
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining("Enter one of your recovery codes"));
    const field = within(dialog).getByLabelText("Recovery code");
    await view.user.type(field, "aaaaa-aaaaa");
    await view.user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription("That recovery code is not correct, or it was used already."),
    );
    expect(field).toHaveFocus();
    await view.user.clear(field);
    await view.user.type(field, "2hk3m-q9xwz");
    await view.user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Two-factor authentication disabled")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/disable")).toEqual([
      { recoveryCode: "aaaaa-aaaaa" },
      { recoveryCode: "2hk3m-q9xwz" },
    ]);
  });

  it("says a wrong enrolment code on the field and keeps the dialog open", async () => {
    const view = await renderSecurity(customer, {
      "POST /api/account/two-factor/setup": () => setup,
      "POST /api/account/two-factor/enable": () =>
        apiError(400, "BAD_REQUEST", "Invalid code", { code: "That code is not right" }),
    });
    const dialog = await startEnrolment(view);
    const code = await within(dialog).findByLabelText("Authentication code");
    await view.user.type(code, "000000");
    await view.user.click(within(dialog).getByRole("button", { name: "Enable" }));
    expect(await within(dialog).findByText("That code is not right")).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription("That code is not right");
    expect(screen.getByRole("switch", { name: "Two-Factor Authentication", hidden: true })).not.toBeChecked();
  });

  it("Cancel leaves the switch as it was", async () => {
    const view = await renderSecurity(customer, { "POST /api/account/two-factor/setup": () => setup });
    await view.user.click(view.toggle);
    const dialog = await screen.findByRole("dialog", { name: "Set up two-factor authentication" });
    await view.user.click(await within(dialog).findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("switch", { name: "Two-Factor Authentication" })).not.toBeChecked();
  });

  it("a wrong password shows on its field and shows no secret", async () => {
    const wrong = "Current password is incorrect";
    const view = await renderSecurity(customer, {
      "POST /api/account/two-factor/setup": () =>
        apiError(400, "VALIDATION_ERROR", wrong, { currentPassword: wrong }),
    });
    const dialog = await startEnrolment(view, "not my password");
    expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Current Password")).toHaveAccessibleDescription(wrong);
    expect(within(dialog).queryByRole("img", { name: "QR code for your authenticator app" })).toBeNull();
    expect(screen.getByRole("switch", { name: "Two-Factor Authentication", hidden: true })).not.toBeChecked();
  });

  it("a refused setup says why in the dialog and leaves the switch off", async () => {
    const view = await renderSecurity(customer, {
      "POST /api/account/two-factor/setup": () => apiError(429, "RATE_LIMITED", "Try again later"),
    });
    const dialog = await startEnrolment(view);
    expect(await within(dialog).findByText("Try again later")).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(view.toggle).not.toBeChecked();
  });

  it("switching off asks for a current code, then says it is off", async () => {
    const view = await renderSecurity(enrolled, {
      "POST /api/account/two-factor/disable": () => ({ user: customer }),
    });
    expect(view.toggle).toBeChecked();
    await view.user.click(view.toggle);
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor authentication" });
    await view.user.type(within(dialog).getByLabelText("Authentication code"), "654321");
    await view.user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Two-factor authentication disabled")).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, "POST /api/account/two-factor/disable")).toEqual([{ code: "654321" }]);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Two-Factor Authentication" })).not.toBeChecked(),
    );
  });

  it("a wrong code keeps 2FA on; Cancel leaves the switch on", async () => {
    const view = await renderSecurity(enrolled, {
      "POST /api/account/two-factor/disable": () =>
        apiError(400, "BAD_REQUEST", "Invalid code", { code: "That code is not right" }),
    });
    await view.user.click(view.toggle);
    const dialog = await screen.findByRole("dialog", { name: "Turn off two-factor authentication" });
    await view.user.type(within(dialog).getByLabelText("Authentication code"), "000000");
    await view.user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await within(dialog).findByText("That code is not right")).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("switch", { name: "Two-Factor Authentication" })).toBeChecked();
  });
});
