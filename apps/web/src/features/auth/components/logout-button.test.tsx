import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { setSessionUser } from "@/lib/session-cache";
import { customer } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { LogoutButton } from "./logout-button";

function renderLogout() {
  const view = renderWithProviders(<LogoutButton />, { path: "/profile/account" });
  setSessionUser(view.queryClient, customer);
  view.queryClient.setQueryData(queryKeys.account.loginHistory, []);
  return view;
}

describe("log out", () => {
  it("asks first, with the specification's texts", async () => {
    stubApi({ brandName: "Acme Sats" });
    const { user } = renderLogout();
    await user.click(screen.getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Log out of Acme Sats?" });
    expect(dialog).toHaveAccessibleDescription(
      "You'll need to log in again with your credentials to access your account.",
    );
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Log Out" })).toBeInTheDocument();
  });

  it("Cancel closes the dialog and keeps the session", async () => {
    const fetchMock = stubApi();
    const { user, router } = renderLogout();
    await user.click(screen.getByRole("button", { name: "Log Out" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, "POST /api/auth/logout")).toHaveLength(0);
    expect(router.state.location.pathname).toBe("/profile/account");
  });

  it("confirming ends the session, forgets the cache, says so and opens sign-in", async () => {
    const fetchMock = stubApi({
      routes: { "POST /api/auth/logout": () => new Response(null, { status: 204 }) },
    });
    const { user, router, queryClient } = renderLogout();
    await user.click(screen.getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Log Out" }));
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been logged out successfully")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(router.state.location.search).toBe("");
    expect(requestsTo(fetchMock, "POST /api/auth/logout")).toEqual([{}]);
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.account.loginHistory)).toBeUndefined();
  });

  it("stays signed in and says why when the server cannot log out", async () => {
    stubApi({
      routes: { "POST /api/auth/logout": () => apiError(503, "SERVICE_UNAVAILABLE", "Down for a moment") },
    });
    const { user, router } = renderLogout();
    await user.click(screen.getByRole("button", { name: "Log Out" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Log Out" }));
    expect(await screen.findByText("Could not log out")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile/account");
  });
});
