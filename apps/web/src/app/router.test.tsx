import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, staff } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

const PUBLIC = new Set(["/auth/login", "/auth/signup", "/auth/reset-password"]);

/** Signs in whoever may open `path`: nobody for the public screens, staff for /admin, else a customer. */
function signInFor(path: string) {
  stubApi({ user: PUBLIC.has(path) ? null : path === "/admin" ? staff : customer });
}

/** Every screen of the specification's route table, its heading, and whether the bottom nav shows. */
const SCREENS = [
  ["/auth/login", "Welcome Back", false],
  ["/auth/signup", "Create your account", false],
  ["/auth/reset-password", "Reset your password", false],
  ["/auth/kyc/intro", "Verify Your Identity", false],
  ["/auth/kyc/identity", "Identity Document", false],
  ["/auth/kyc/address", "Proof of Address", false],
  ["/auth/kyc/selfie", "Take a Selfie", false],
  ["/auth/kyc/status", "Verification Status", false],
  ["/auth/kyc/enhanced", "Verify Your Identity", false],
  ["/dashboard", "Dashboard", true],
  ["/wallet", "Wallet", true],
  ["/wallet/receive", "Receive Bitcoin", false],
  ["/wallet/send", "Send Bitcoin", false],
  ["/history", "Transaction History", true],
  ["/notifications", "Notifications", true],
  ["/admin", "Admin Dashboard", false],
  ["/profile/account", "Account Details", true],
  ["/profile/kyc", "KYC & Verification", true],
  ["/profile/security", "Security Settings", true],
  ["/profile/notifications", "Notification Settings", true],
  ["/profile/help", "Help & Support", true],
  ["/profile/wallet", "Connect Wallet", true],
] as const;

describe("route table", () => {
  it("redirects / to /splash, replacing history", async () => {
    const { router } = renderRoute("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/splash"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByText("The Future of Bitcoin Banking")).toBeInTheDocument();
  });

  it("redirects /profile to /profile/account, replacing history", async () => {
    stubApi({ user: customer });
    const { router } = renderRoute("/profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/account"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByRole("heading", { level: 1, name: "Account Details" })).toBeInTheDocument();
  });

  it("shows the intro screen at /auth/kyc/enhanced", async () => {
    stubApi({ user: customer });
    renderRoute("/auth/kyc/enhanced");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify Your Identity" }),
    ).toBeInTheDocument();
  });

  it.each(SCREENS)("%s shows '%s' in one <h1> and one <main>, bottom nav: %s", async (path, title, nav) => {
    signInFor(path);
    renderRoute(path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole("main")).toHaveLength(1);
    expect(screen.queryAllByRole("navigation", { name: "Main" })).toHaveLength(nav ? 1 : 0);
    // Each screen names itself in the tab; sign-in's heading is a greeting, so its title says what it is.
    const pageTitle = path === "/auth/login" ? "Sign in" : title;
    await waitFor(() => expect(document.title).toBe(`${pageTitle} · Satsbank`));
  });

  it("puts the theme toggle on the dashboard", async () => {
    stubApi({ user: customer });
    renderRoute("/dashboard");
    expect(await screen.findByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
  });

  it("moves the focus to the new screen's heading after a navigation, not on the first screen", async () => {
    stubApi({ user: customer });
    const view = renderRoute("/dashboard");
    const dashboard = await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(dashboard).not.toHaveFocus();

    const nav = screen.getByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("link", { name: /History/ }));
    const history = await screen.findByRole("heading", { level: 1, name: "Transaction History" });
    await waitFor(() => expect(history).toHaveFocus());

    // A change of the query alone (a filter) leaves the focus where the person is working.
    const search = screen.getByRole("searchbox", { name: "Search transactions" });
    search.focus();
    await act(() => view.router.navigate("/history?filter=sent"));
    expect(search).toHaveFocus();
  });

  it("offers a skip link to the main content", async () => {
    stubApi({ user: customer });
    renderRoute("/wallet");
    const main = await screen.findByRole("main");
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", `#${main.id}`);
  });

  it("titles the page with the screen's own title before the server's brand name", async () => {
    stubApi({ brandName: "Acme Sats" });
    renderRoute("/auth/login");
    await waitFor(() => expect(document.title).toBe("Sign in · Acme Sats"));
    expect(screen.getByText("Acme Sats")).toBeInTheDocument();
  });

  it("shows the Sandbox badge on every screen while the server runs the sandbox chain, and only then", async () => {
    stubApi({ chain: "sandbox" });
    renderRoute("/auth/login");
    const badge = await screen.findByRole("complementary", { name: "Test network" });
    expect(badge).toHaveTextContent("Sandbox: a test network, no bitcoin here is real");
  });

  it("shows no Sandbox badge on a real chain", async () => {
    stubApi({ chain: "bitcoind" });
    renderRoute("/auth/login");
    await screen.findByRole("heading", { level: 1, name: "Welcome Back" });
    await waitFor(() => expect(document.title).toBe("Sign in · Satsbank"));
    expect(screen.queryByText("Sandbox")).not.toBeInTheDocument();
  });

  it("titles the splash with the brand name alone", async () => {
    stubApi({ brandName: "Acme Sats" });
    renderRoute("/splash");
    await waitFor(() => expect(document.title).toBe("Acme Sats"));
  });
});
