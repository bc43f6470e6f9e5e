import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { customer, walletSummary } from "@/test/fixtures";
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

  it("shows the username, and the Verified badge once identity and address are verified", async () => {
    stubApi({ user: customer, routes: { "GET /api/wallet": () => walletSummary } });
    renderRoute("/profile/account");
    const header = await screen.findByRole("region", { name: "Your profile" });
    expect(within(header).getByText("Username:").parentElement).toHaveTextContent("@ada");
    expect(await within(header).findByText("Verified")).toBeInTheDocument();
  });

  it("shows no Verified badge while sending is not open (identity or address not verified)", async () => {
    stubApi({
      user: customer,
      routes: { "GET /api/wallet": () => ({ ...walletSummary, canSend: false, sendLimit: null }) },
    });
    const { queryClient } = renderRoute("/profile/account");
    const header = await screen.findByRole("region", { name: "Your profile" });
    // The summary has arrived, and still no badge.
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.wallet.summary)).toBeDefined());
    expect(within(header).queryByText("Verified")).not.toBeInTheDocument();
  });

  it("shows the account details, with 'Not provided' for a missing phone, and an Edit button", async () => {
    stubApi({ user: customer });
    renderRoute("/profile/account");
    const list = (await screen.findByText("Full Name")).closest("dl");
    if (!list) throw new Error("no list");
    expect(within(list).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(list).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(list).getByText("Email Address")).toBeInTheDocument();
    expect(within(list).getByText("Phone Number")).toBeInTheDocument();
    expect(within(list).getByText("Not provided")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it.each([
    ["/profile/account", "Account Details"],
    ["/profile/security", "Security"],
    ["/profile/wallet", "Wallet Connection"],
    ["/profile/notifications", "Notification Settings"],
    ["/profile/help", "Help & Support"],
    ["/profile/proof-of-reserves", "Proof of Reserves"],
  ])(
    "at %s lists every menu entry in order, Log Out too, with %s as the current one",
    async (path, current) => {
      stubApi({ user: customer });
      renderRoute(path);
      const menu = await screen.findByRole("navigation", { name: "Profile" });
      // One list, no sideways scrolling row: every entry is an item of it.
      const items = within(menu).getAllByRole("listitem");
      expect(items.map((item) => item.textContent)).toEqual([
        "Account Details",
        "KYC & Verification",
        "Security",
        "Wallet Connection",
        "Notification Settings",
        "Help & Support",
        "Proof of Reserves",
        "Log Out",
      ]);
      const links = within(menu).getAllByRole("link");
      expect(links.filter((link) => link.getAttribute("aria-current") === "page")).toEqual([
        within(menu).getByRole("link", { name: current }),
      ]);
      expect(within(menu).getByRole("link", { name: current })).toHaveAttribute("href", path);
      expect(within(menu).getByRole("button", { name: "Log Out" })).toBeVisible();
      // The old menu was a sideways-scrolling row that hid entries off-screen: nothing in it scrolls now.
      const scrollers = [menu, ...menu.querySelectorAll("*")].filter((element) =>
        /\boverflow-(x-)?(auto|scroll)\b/.test(element.getAttribute("class") ?? ""),
      );
      expect(scrollers).toEqual([]);
    },
  );

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
