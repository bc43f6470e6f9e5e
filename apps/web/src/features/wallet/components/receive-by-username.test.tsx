import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { ReceiveByUsername } from "./receive-by-username";

describe("receiving by username", () => {
  it("keeps the username whole on one line, never broken mid-word ('maximili' / 'ana_rv2025')", () => {
    renderWithProviders(<ReceiveByUsername username="maximiliana_rv2025" />);
    const username = screen.getByText("maximiliana_rv2025");
    expect(username.className).not.toMatch(/\bbreak-all\b/);
    expect(username.className).toMatch(/\bwhitespace-nowrap\b/);
    expect(username.parentElement).toHaveTextContent(
      "Another Satsbank customer can send to your username, maximiliana_rv2025: it arrives at once, with no network fee.",
    );
  });
});
