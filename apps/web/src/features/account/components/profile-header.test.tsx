import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("a name too long for its line", () => {
    const longName = "Maximilian Alexander Bartholomew Featherstonehaugh-Wolfeschlegelsteinhausen";

    // jsdom lays nothing out: make every element report text wider than its box, as the browser would.
    function pretendOverflow() {
      vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(600);
      vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(200);
    }
    afterEach(() => vi.restoreAllMocks());

    it("keeps the whole name in the page and shows it in a tooltip on keyboard focus", async () => {
      pretendOverflow();
      const { user: person } = renderWithProviders(
        <ProfileHeader user={{ ...user, name: longName }} verified />,
      );
      const name = screen.getByText(longName);
      expect(name).toHaveTextContent(longName, { normalizeWhitespace: false });
      expect(name).toHaveAttribute("tabindex", "0");
      await person.tab();
      expect(name).toHaveFocus();
      expect(await screen.findByRole("tooltip")).toHaveTextContent(longName);
      expect(name).toHaveAccessibleDescription(longName);
    });

    it("shows it on hover too", async () => {
      pretendOverflow();
      const { user: person } = renderWithProviders(
        <ProfileHeader user={{ ...user, name: longName }} verified />,
      );
      await person.hover(screen.getByText(longName));
      expect(await screen.findByRole("tooltip")).toHaveTextContent(longName);
    });

    it("is no tab stop and has no tooltip when the name fits", async () => {
      const { user: person } = renderWithProviders(<ProfileHeader user={user} verified />);
      const name = screen.getByText("Demo User");
      expect(name).not.toHaveAttribute("tabindex");
      await person.tab();
      expect(name).not.toHaveFocus();
      await person.hover(name);
      expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    });
  });

  it("shows no Verified badge before identity and address are verified", () => {
    renderWithProviders(<ProfileHeader user={user} verified={false} />);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
  });
});
