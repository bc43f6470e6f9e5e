import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

describe("profile layout", () => {
  it("shows the person's name and ID, copies the ID, and has no made-up badge", async () => {
    stubApi({ user: customer });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderRoute("/profile/account");
    const header = await screen.findByRole("region", { name: "Your profile" });
    expect(within(header).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(header).getByText(customer.id)).toBeInTheDocument();
    expect(within(header).queryByText("Verified")).not.toBeInTheDocument();
    await user.click(within(header).getByRole("button", { name: "Copy user ID" }));
    expect(writeText).toHaveBeenCalledWith(customer.id);
    expect(await screen.findByText("User ID copied")).toBeInTheDocument();
  });

  it("shows the account details read-only, with 'Not provided' for a missing phone", async () => {
    stubApi({ user: customer });
    renderRoute("/profile/account");
    const list = (await screen.findByText("Full Name")).closest("dl");
    if (!list) throw new Error("no list");
    expect(within(list).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(list).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(list).getByText("Email Address")).toBeInTheDocument();
    expect(within(list).getByText("Phone Number")).toBeInTheDocument();
    expect(within(list).getByText("Not provided")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("logs out from the side menu straight to /auth/login (no ?next=)", async () => {
    stubApi({
      user: customer,
      routes: { "POST /api/auth/logout": () => new Response(null, { status: 204 }) },
    });
    const user = userEvent.setup();
    const { router } = renderRoute("/profile/security");
    const menu = await screen.findByRole("navigation", { name: "Profile" });
    await user.click(within(menu).getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Log out of Satsbank?" });
    await user.click(within(dialog).getByRole("button", { name: "Log Out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(router.state.location.search).toBe("");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome Back" })).toBeInTheDocument();
    expect(screen.getByText("Logged out")).toBeInTheDocument();
  });
});
