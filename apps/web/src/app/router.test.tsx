import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

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
    const { router } = renderRoute("/profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/account"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("heading", { level: 1, name: "Account Details" })).toBeInTheDocument();
  });

  it("shows the intro screen at /auth/kyc/enhanced", async () => {
    renderRoute("/auth/kyc/enhanced");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify Your Identity" }),
    ).toBeInTheDocument();
  });

  it.each(SCREENS)("%s shows '%s' in one <h1> and one <main>, bottom nav: %s", async (path, title, nav) => {
    renderRoute(path);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole("main")).toHaveLength(1);
    expect(screen.queryAllByRole("navigation", { name: "Main" })).toHaveLength(nav ? 1 : 0);
    if (path !== "/dashboard") expect(screen.getByText("This screen is not built yet.")).toBeInTheDocument();
  });

  it("puts the theme toggle on the dashboard", async () => {
    renderRoute("/dashboard");
    expect(await screen.findByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
  });

  it("offers a skip link to the main content", async () => {
    renderRoute("/wallet");
    const main = await screen.findByRole("main");
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", `#${main.id}`);
  });

  it("sets the document title from the server's brand name", async () => {
    stubApi("Acme Sats");
    renderRoute("/auth/login");
    await waitFor(() => expect(document.title).toBe("Acme Sats"));
    expect(screen.getByText("Acme Sats")).toBeInTheDocument();
  });
});
