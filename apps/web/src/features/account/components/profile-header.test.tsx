import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { expectToast } from "@/test/toasts";
import { ProfileHeader } from "./profile-header";

const user = { id: "0b6c7a52-6f0e-4bb4-9d1c-2f3a1c8d9e10", name: "Demo User", username: "demo" };

describe("ProfileHeader", () => {
  it("shows the name, the username, the ID with its copy button, and the Verified badge when verified", () => {
    renderWithProviders(<ProfileHeader user={user} verified />);
    expect(screen.getByText("Demo User")).toBeInTheDocument();
    expect(screen.getByText("Username:").parentElement).toHaveTextContent("Username: @demo");
    expect(screen.getByText(user.id)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy user ID" })).toBeInTheDocument();
    expect(screen.getByText("Verified")).toBeInTheDocument();
  });

  it("copies the ID and says so in the toast 'User ID copied'", async () => {
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const { user: person } = renderWithProviders(<ProfileHeader user={user} verified={false} />);
    await person.click(screen.getByRole("button", { name: "Copy user ID" }));
    expect(writeText).toHaveBeenCalledWith(user.id);
    await expectToast("success", "User ID copied");
  });

  describe("a name too long for one line", () => {
    const longName = "Maximiliana Rodríguez-Villanueva";

    it("is shown whole, wrapping onto a second line, never cut to 'Maximiliana ...' with room below", () => {
      renderWithProviders(<ProfileHeader user={{ ...user, name: longName }} verified />);
      const name = screen.getByText(longName);
      expect(name).toHaveTextContent(longName, { normalizeWhitespace: false });
      // Wrapping, not a one-line cut: no ellipsis, no clipping, and the badge may go below it.
      expect(name.className).not.toMatch(/\b(truncate|line-clamp-\d|whitespace-nowrap|overflow-hidden)\b/);
      expect(name.className).toMatch(/\bbreak-words\b/);
      expect(name.parentElement?.className).toMatch(/\bflex-wrap\b/);
      // Nothing hidden, so nothing to reveal: no tab stop, no tooltip.
      expect(name).not.toHaveAttribute("tabindex");
    });
  });

  it("shows no Verified badge before identity and address are verified", () => {
    renderWithProviders(<ProfileHeader user={user} verified={false} />);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
  });
});
