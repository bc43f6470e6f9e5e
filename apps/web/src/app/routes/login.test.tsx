import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

describe("sign-in screen", () => {
  it("brings a signed-out visitor back to the page first asked for", async () => {
    stubApi({
      routes: {
        "POST /api/auth/login": () => ({
          challengeId: "c1",
          method: "email",
          expiresAt: "2030-01-01T00:00:00.000Z",
        }),
        "POST /api/auth/login/verify": () => ({ user: customer }),
      },
    });
    const { router } = renderRoute("/wallet");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify & Login" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet"));
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
  });
});
