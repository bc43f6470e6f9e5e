import { PASSWORD_RESET_SENT_MESSAGE } from "@satsbank/shared";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectPasswordToggles } from "@/test/password-toggles";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { PasswordResetConfirmForm } from "./password-reset-confirm-form";
import { PasswordResetRequestForm } from "./password-reset-request-form";

describe("password reset request", () => {
  it("validates the email and shows the server's message whatever the account", async () => {
    const fetchMock = stubApi({
      routes: {
        "POST /api/auth/password-reset": () =>
          Response.json({ message: PASSWORD_RESET_SENT_MESSAGE }, { status: 202 }),
      },
    });
    const { user } = renderWithProviders(<PasswordResetRequestForm />);
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(PASSWORD_RESET_SENT_MESSAGE);
    expect(requestsTo(fetchMock, "POST /api/auth/password-reset")).toEqual([{ email: "nobody@example.com" }]);
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/auth/login");
  });

  it("shows a rate limit in an alert", async () => {
    stubApi({
      routes: { "POST /api/auth/password-reset": () => apiError(429, "RATE_LIMITED", "Slow down") },
    });
    const { user } = renderWithProviders(<PasswordResetRequestForm />);
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Slow down");
  });
});

describe("password reset confirm", () => {
  function renderConfirm() {
    return renderWithProviders(<PasswordResetConfirmForm token="tok-123" />, {
      path: "/auth/reset-password",
      url: "/auth/reset-password?token=tok-123",
    });
  }

  it("has the show/hide toggle on both password inputs", async () => {
    const { user, container } = renderConfirm();
    await expectPasswordToggles(user, container, ["New password", "Confirm password"]);
  });

  it("uses the same rules as sign-up", async () => {
    const { user } = renderConfirm();
    await user.click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your password")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New password"), "correct-horse");
    await user.type(screen.getByLabelText("Confirm password"), "correct-house");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it("sets the password with the token, says so and opens sign-in", async () => {
    const fetchMock = stubApi({
      routes: {
        "POST /api/auth/password-reset/confirm": () => ({ message: "Your password has been reset." }),
      },
    });
    const { user, router } = renderConfirm();
    await user.type(screen.getByLabelText("New password"), "correct-horse");
    await user.type(screen.getByLabelText("Confirm password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Password updated")).toBeInTheDocument();
    expect(screen.getByText("Sign in with your new password.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(requestsTo(fetchMock, "POST /api/auth/password-reset/confirm")).toEqual([
      { token: "tok-123", password: "correct-horse", confirmPassword: "correct-horse" },
    ]);
  });

  it("shows the current password refused on the New password field", async () => {
    const unchanged = "Your new password must be different from your current password";
    stubApi({
      routes: {
        "POST /api/auth/password-reset/confirm": () =>
          apiError(400, "VALIDATION_ERROR", unchanged, { password: unchanged }),
      },
    });
    const { user } = renderConfirm();
    await user.type(screen.getByLabelText("New password"), "correct-horse");
    await user.type(screen.getByLabelText("Confirm password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    await waitFor(() => expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(unchanged));
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
  });

  it("shows an invalid or expired token and offers a new link", async () => {
    stubApi({
      routes: {
        "POST /api/auth/password-reset/confirm": () =>
          apiError(400, "BAD_REQUEST", "This reset link is invalid or has expired."),
      },
    });
    const { user } = renderConfirm();
    await user.type(screen.getByLabelText("New password"), "correct-horse");
    await user.type(screen.getByLabelText("Confirm password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This reset link is invalid or has expired.");
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/auth/reset-password",
    );
  });
});
