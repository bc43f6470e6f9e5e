import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { SignUpForm } from "./sign-up-form";

function renderSignUp() {
  return renderWithProviders(<SignUpForm />, { path: "/auth/signup" });
}

describe("sign-up: where the focus goes on a refused submit", () => {
  it("to the first field marked, from the top: Full name when everything is empty, not Email", async () => {
    const view = renderSignUp();
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    const name = screen.getByLabelText("Full name");
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
  });

  it("to Email when the name is right and the email is not", async () => {
    const view = renderSignUp();
    await view.user.type(screen.getByLabelText("Full name"), "Ada Lovelace");
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveFocus();
  });

  it("to Password when only the passwords are missing", async () => {
    const view = renderSignUp();
    await view.user.type(screen.getByLabelText("Full name"), "Ada Lovelace");
    await view.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await view.user.click(screen.getByRole("button", { name: "Create Account" }));
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    expect(password).toHaveFocus();
  });
});
