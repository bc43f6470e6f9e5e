import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { customer } from "@/test/fixtures";
import { expectPasswordToggles } from "@/test/password-toggles";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { SignUpForm } from "./sign-up-form";

function renderSignUp() {
  return renderWithProviders(<SignUpForm />, { path: "/auth/signup" });
}

async function fill(view: ReturnType<typeof renderSignUp>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await view.user.clear(input);
    if (value) await view.user.type(input, value);
  }
}

const valid = {
  "Full name": "Ada Lovelace",
  Email: "ada@example.com",
  Password: "correct-horse",
  "Confirm password": "correct-horse",
};

describe("sign-up", () => {
  it("labels every field and links to sign-in", () => {
    renderSignUp();
    for (const label of Object.keys(valid)) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login");
  });

  it("shows the specification's messages for empty fields", async () => {
    const view = renderSignUp();
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your password")).toBeInTheDocument();
    expect(screen.getByLabelText("Full name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Full name")).toHaveAccessibleDescription("Full name is required");
  });

  it("shows every problem at once: a mismatch together with the empty fields", async () => {
    const view = renderSignUp();
    await fill(view, { Password: "correct-horse", "Confirm password": "correct-horsf" });
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAccessibleDescription("Passwords don't match");
  });

  it("has the show/hide toggle on both password inputs", async () => {
    const view = renderSignUp();
    await expectPasswordToggles(view.user, view.container, ["Password", "Confirm password"]);
  });

  it("checks the email pattern, the password length and the confirmation", async () => {
    const view = renderSignUp();
    await fill(view, { ...valid, Email: "ada@", Password: "short", "Confirm password": "other" });
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();

    await fill(view, { ...valid, "Confirm password": "correct-horsf" });
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it("says 'Creating account...', then 'Account created', signs in and opens the KYC introduction", async () => {
    let finish: (response: unknown) => void = () => {};
    const fetchMock = stubApi({
      routes: {
        "POST /api/auth/signup": () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      },
    });
    const view = renderSignUp();
    await fill(view, valid);
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("button", { name: "Creating account..." })).toBeDisabled();
    expect(requestsTo(fetchMock, "POST /api/auth/signup")).toEqual([
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        password: "correct-horse",
        confirmPassword: "correct-horse",
      },
    ]);
    finish(Response.json({ user: customer }, { status: 201 }));
    expect(await screen.findByText("Account created")).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/auth/kyc/intro"));
    expect(view.queryClient.getQueryData(queryKeys.me)).toEqual(customer);
  });

  it("shows the server's field message on the field (email taken)", async () => {
    stubApi({
      routes: {
        "POST /api/auth/signup": () =>
          apiError(409, "CONFLICT", "Conflict", { email: "An account with this email already exists" }),
      },
    });
    const view = renderSignUp();
    await fill(view, valid);
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("An account with this email already exists")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(view.router.state.location.pathname).toBe("/auth/signup");
  });

  it("shows any other failure as a toast", async () => {
    stubApi({
      routes: { "POST /api/auth/signup": () => apiError(429, "RATE_LIMITED", "Too many sign-ups") },
    });
    const view = renderSignUp();
    await fill(view, valid);
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Sign-up failed")).toBeInTheDocument();
    expect(screen.getByText("Too many sign-ups")).toBeInTheDocument();
  });
});
