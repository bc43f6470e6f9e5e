import type { SessionUser } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, type StubApiOptions, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";

async function renderAccount(routes: StubApiOptions["routes"] = {}) {
  const fetchMock = stubApi({ user: customer, routes });
  renderRoute("/profile/account");
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Edit" }));
  const form = await screen.findByRole("form", { name: "Edit account details" });
  return { fetchMock, user, form };
}

/** The server's answer to an edit: the user with what was sent. */
const saved = ({ body }: { body: unknown }) => ({ user: { ...customer, ...(body as object) } });

describe("Account Details: Edit", () => {
  it("edits the name and phone; the email is shown disabled and the screen says it cannot change", async () => {
    const { form } = await renderAccount();
    const name = within(form).getByLabelText("Full Name");
    expect(name).toHaveValue("Ada Lovelace");
    expect(name).toHaveFocus();
    expect(within(form).getByLabelText("Phone Number")).toHaveValue("");
    const email = within(form).getByLabelText("Email Address");
    expect(email).toBeDisabled();
    expect(email).toHaveValue("ada@example.com");
    expect(email).toHaveAccessibleDescription(/cannot be changed here/);
  });

  it("saves the phone as it was typed (not '+15550199'), shows the toast 'Profile updated' and the new details", async () => {
    const { user, form, fetchMock } = await renderAccount({
      "PATCH /api/account/profile": saved,
    });
    const name = within(form).getByLabelText("Full Name");
    await user.clear(name);
    await user.type(name, "Ada King");
    await user.type(within(form).getByLabelText("Phone Number"), " +1 555 0199 ");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    await expectToast("success", "Profile updated");
    expect(requestsTo(fetchMock, "PATCH /api/account/profile")).toEqual([
      { name: "Ada King", phone: "+1 555 0199" },
    ]);
    const list = (await screen.findByText("Full Name")).closest("dl") as HTMLElement;
    expect(within(list).getByText("Ada King")).toBeInTheDocument();
    expect(within(list).getByText("+1 555 0199")).toBeInTheDocument();
    // The header reads the same session.
    const header = screen.getByRole("region", { name: "Your profile" });
    expect(within(header).getByText("Ada King")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit" })).toHaveFocus());
  });

  it("says what is wrong with the name and the phone, and sends nothing", async () => {
    const { user, form, fetchMock } = await renderAccount();
    await user.clear(within(form).getByLabelText("Full Name"));
    await user.type(within(form).getByLabelText("Phone Number"), "020 7946 0106");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await within(form).findByText("Full name is required")).toBeInTheDocument();
    expect(
      within(form).getByText(
        "Enter the phone number in international format: + and the country code, e.g. +44 20 7946 0106",
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText("Phone Number")).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(fetchMock, "PATCH /api/account/profile")).toEqual([]);
  });

  it("puts the server's field messages on the fields, and anything else in an alert", async () => {
    let answer = apiError(400, "VALIDATION_ERROR", "Invalid request", {
      name: "Use plain text: control characters and text-direction overrides are not allowed",
    });
    const { user, form } = await renderAccount({ "PATCH /api/account/profile": () => answer });
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await within(form).findByText(/Use plain text/)).toBeInTheDocument();
    answer = apiError(503, "SERVICE_UNAVAILABLE", "The service is unavailable");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The service is unavailable");
  });

  it("Cancel leaves the details as they were", async () => {
    const { user, form, fetchMock } = await renderAccount();
    await user.type(within(form).getByLabelText("Full Name"), " Junior");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.getByText("Ada Lovelace", { selector: "dd" })).toBeInTheDocument();
    expect(requestsTo(fetchMock, "PATCH /api/account/profile")).toEqual([]);
  });

  it("removes the phone when it is emptied", async () => {
    const withPhone: SessionUser = { ...customer, phone: "+442079460106" };
    const fetchMock = stubApi({
      user: withPhone,
      routes: { "PATCH /api/account/profile": () => ({ user: { ...withPhone, phone: null } }) },
    });
    renderRoute("/profile/account");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("form", { name: "Edit account details" });
    await user.clear(within(form).getByLabelText("Phone Number"));
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Not provided")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "PATCH /api/account/profile")).toEqual([
      { name: "Ada Lovelace", phone: "" },
    ]);
  });
});
