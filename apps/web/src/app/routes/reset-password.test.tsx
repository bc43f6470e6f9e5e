import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("reset-password screen", () => {
  it("asks for a link by email without a token", async () => {
    renderRoute("/auth/reset-password");
    expect(await screen.findByRole("heading", { level: 1, name: "Reset your password" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeInTheDocument();
  });

  it("sets a new password with the mailed token", async () => {
    renderRoute("/auth/reset-password?token=abc");
    expect(await screen.findByRole("heading", { level: 1, name: "Set a new password" })).toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "password");
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  });
});
