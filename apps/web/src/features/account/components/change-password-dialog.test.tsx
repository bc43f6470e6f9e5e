import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectPasswordToggles } from "@/test/password-toggles";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { ChangePasswordDialog } from "./change-password-dialog";

async function openDialog() {
  const view = renderWithProviders(<ChangePasswordDialog />);
  await view.user.click(screen.getByRole("button", { name: "Change Password" }));
  const dialog = await screen.findByRole("dialog", { name: "Change Password" });
  return { ...view, dialog };
}

async function fill(
  view: Awaited<ReturnType<typeof openDialog>>,
  current: string,
  next: string,
  confirm: string,
) {
  const { dialog, user } = view;
  await user.type(within(dialog).getByLabelText("Current Password"), current);
  await user.type(within(dialog).getByLabelText("New Password"), next);
  await user.type(within(dialog).getByLabelText("Confirm New Password"), confirm);
  await user.click(within(dialog).getByRole("button", { name: "Change Password" }));
}

describe("change password", () => {
  it("opens a dialog with three masked, labelled fields and Cancel / Change Password", async () => {
    const { dialog } = await openDialog();
    for (const label of ["Current Password", "New Password", "Confirm New Password"]) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute("type", "password");
    }
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Change Password" })).toBeInTheDocument();
  });

  it("has the show/hide toggle on every password input", async () => {
    const { user, dialog } = await openDialog();
    await expectPasswordToggles(user, dialog, ["Current Password", "New Password", "Confirm New Password"]);
  });

  it("shows the specification's messages", async () => {
    const view = await openDialog();
    await view.user.click(within(view.dialog).getByRole("button", { name: "Change Password" }));
    expect(await within(view.dialog).findByText("Current password is required")).toBeInTheDocument();
    expect(within(view.dialog).getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(within(view.dialog).getByText("Password confirmation is required")).toBeInTheDocument();

    await view.user.clear(within(view.dialog).getByLabelText("Current Password"));
    await fill(view, "old-password", "new-password", "new-passwore");
    expect(await within(view.dialog).findByText("Passwords don't match")).toBeInTheDocument();
    expect(within(view.dialog).getByLabelText("Confirm New Password")).toHaveAccessibleDescription(
      "Passwords don't match",
    );
  });

  it("refuses a new password equal to the current one on the New Password field, before asking", async () => {
    const fetchMock = stubApi({ routes: { "POST /api/account/password": () => ({ message: "x" }) } });
    const view = await openDialog();
    await fill(view, "same-password", "same-password", "same-password");
    const unchanged = "Your new password must be different from your current password";
    expect(await within(view.dialog).findByText(unchanged)).toBeInTheDocument();
    expect(within(view.dialog).getByLabelText("New Password")).toHaveAccessibleDescription(unchanged);
    expect(requestsTo(fetchMock, "POST /api/account/password")).toEqual([]);
  });

  it("shows a wrong current password on its field", async () => {
    stubApi({
      routes: {
        "POST /api/account/password": () =>
          apiError(400, "VALIDATION_ERROR", "Invalid", { currentPassword: "Current password is incorrect" }),
      },
    });
    const view = await openDialog();
    await fill(view, "wrong-password", "new-password", "new-password");
    expect(await within(view.dialog).findByText("Current password is incorrect")).toBeInTheDocument();
    expect(within(view.dialog).getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
    expect(within(view.dialog).getByLabelText("Current Password")).toHaveFocus();
  });

  it("on success says so, closes and forgets what was typed", async () => {
    const fetchMock = stubApi({
      routes: { "POST /api/account/password": () => ({ message: "Password changed" }) },
    });
    const view = await openDialog();
    await fill(view, "old-password", "new-password", "new-password");
    expect(await screen.findByText("Password changed successfully")).toBeInTheDocument();
    expect(screen.getByText("Your password has been updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, "POST /api/account/password")).toEqual([
      { currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" },
    ]);

    await view.user.click(screen.getByRole("button", { name: "Change Password" }));
    const reopened = await screen.findByRole("dialog", { name: "Change Password" });
    expect(within(reopened).getByLabelText("Current Password")).toHaveValue("");
    expect(within(reopened).getByLabelText("New Password")).toHaveValue("");
  });

  it("Cancel closes the dialog", async () => {
    const view = await openDialog();
    await view.user.click(within(view.dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
