import { receiveMessages } from "@satsbank/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { ReceiveActions } from "./receive-actions";

const address = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk";

describe("Share without the Web Share API", () => {
  it("copies the address and says so as information, not as an error: nothing failed", async () => {
    expect("share" in navigator).toBe(false);
    const { user } = renderWithProviders(<ReceiveActions address={address} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const { title, text } = receiveMessages.shareFallback;
    const heading = await screen.findByText(title, { selector: "[data-sonner-toast] [data-title]" });
    const toast = heading.closest("[data-sonner-toast]");
    expect(toast).toHaveAttribute("data-type", "info");
    expect(toast).toHaveTextContent(text);
    expect(await navigator.clipboard.readText()).toBe(address);
  });
});
