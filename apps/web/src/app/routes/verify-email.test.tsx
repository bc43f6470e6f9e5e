import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";

const VERIFY = "POST /api/auth/verify-email";

describe("verify-email screen", () => {
  it("confirms the token once as the page opens and says so; signed out, it offers sign-in", async () => {
    const api = stubApi({
      routes: { [VERIFY]: () => ({ status: "verified", message: "Your email address is verified." }) },
    });
    renderRoute("/auth/verify-email?token=abc123");
    expect(await screen.findByRole("heading", { level: 1, name: "Verify your email" })).toBeInTheDocument();
    expect(await screen.findByText("Your email address is verified.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login");
    // Once, though StrictMode runs the effect twice.
    expect(requestsTo(api, VERIFY)).toEqual([{ token: "abc123" }]);
    await waitFor(() => expect(document.title).toBe("Verify your email · Satsbank"));
  });

  it("signed in, says an already used link verified the address and goes on to the dashboard", async () => {
    stubApi({
      user: customer,
      routes: {
        [VERIFY]: () => ({ status: "already-verified", message: "Your email address is already verified." }),
      },
    });
    renderRoute("/auth/verify-email?token=abc123");
    expect(await screen.findByText("Your email address is already verified.")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Go to dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
  });

  it("says why an expired link failed, and where a signed-in customer asks for a new one", async () => {
    const expired = "This verification link has expired. Sign in and ask for a new one on the Send screen.";
    stubApi({
      user: { ...customer, emailVerified: false },
      routes: { [VERIFY]: () => apiError(400, "BAD_REQUEST", expired) },
    });
    renderRoute("/auth/verify-email?token=old");
    expect(await screen.findByRole("alert")).toHaveTextContent(expired);
    expect(await screen.findByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/wallet/send",
    );
  });

  it("asks for nothing without a token", async () => {
    const api = stubApi();
    renderRoute("/auth/verify-email");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link is incomplete. Open the whole link from the email.",
    );
    expect(requestsTo(api, VERIFY)).toEqual([]);
  });
});
