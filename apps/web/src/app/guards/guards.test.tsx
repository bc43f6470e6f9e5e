import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, staff } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, stubApi } from "@/test/stub-api";

function location(router: ReturnType<typeof renderRoute>["router"]) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe("route guards", () => {
  it.each([
    ["/wallet", "/auth/login?next=%2Fwallet"],
    ["/history?q=bob", "/auth/login?next=%2Fhistory%3Fq%3Dbob"],
    ["/profile/security", "/auth/login?next=%2Fprofile%2Fsecurity"],
    ["/auth/kyc/intro", "/auth/login?next=%2Fauth%2Fkyc%2Fintro"],
    ["/wallet/send", "/auth/login?next=%2Fwallet%2Fsend"],
    ["/admin", "/auth/login?next=%2Fadmin"],
  ])("sends a signed-out visitor from %s to %s, replacing history", async (path, target) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(location(router)).toBe(target));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome Back" })).toBeInTheDocument();
  });

  it("says on sign-in why a deactivated customer's open session ended, with a way to contact the bank", async () => {
    // The session was signed in; staff deactivate the account, and the next answer says so.
    let deactivated = false;
    stubApi({
      routes: {
        "GET /api/auth/me": () =>
          deactivated
            ? apiError(
                401,
                "UNAUTHENTICATED",
                "This account has been deactivated. Please contact us to reactivate it.",
                undefined,
                "accountInactive",
              )
            : { user: customer },
      },
    });
    const { router, queryClient } = renderRoute("/wallet");
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    deactivated = true;
    await queryClient.invalidateQueries({ queryKey: ["auth", "me"] });
    await waitFor(() => expect(location(router)).toBe("/auth/login?next=%2Fwallet&reason=accountInactive"));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "This account has been deactivated. Please contact us to reactivate it. Contact support",
    );
    expect(within(alert).getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });

  it("keeps customers out of /admin", async () => {
    stubApi({ user: customer });
    const { router } = renderRoute("/admin");
    await waitFor(() => expect(location(router)).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
  });

  it("sends staff from the customer screens to /admin", async () => {
    stubApi({ user: staff });
    const { router } = renderRoute("/wallet");
    await waitFor(() => expect(location(router)).toBe("/admin"));
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInTheDocument();
  });

  it("lets staff into /admin, with a way to log out", async () => {
    stubApi({ user: staff });
    renderRoute("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log Out" })).toBeInTheDocument();
  });

  it("shows an accessible loading state, not the page, while the session loads", async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      routes: {
        "GET /api/auth/me": () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderRoute("/wallet");
    // "Loading" while the screen's code arrives (the router's first-load fallback), then the session check.
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Checking your session"));
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    answer(Response.json({ user: customer }));
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
  });

  it("says so when the session cannot be checked, and retries", async () => {
    let up = false;
    stubApi({
      routes: {
        "GET /api/auth/me": () => (up ? { user: customer } : apiError(503, "SERVICE_UNAVAILABLE", "Down")),
      },
    });
    const { router } = renderRoute("/wallet");
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(router.state.location.pathname).toBe("/wallet");
    up = true;
    await userEvent.click(retry);
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
  });

  it("leaves sign-in public even when signed in", async () => {
    stubApi({ user: customer });
    const { router } = renderRoute("/auth/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome Back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
  });
});
