import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { ProfileHeader } from "./profile-header";

const user = { id: "0b6c7a52-6f0e-4bb4-9d1c-2f3a1c8d9e10", name: "Demo User" };

describe("ProfileHeader", () => {
  it("shows the name, the ID with its copy button, and the Verified badge when verified", () => {
    renderWithProviders(<ProfileHeader user={user} verified />);
    expect(screen.getByText("Demo User")).toBeInTheDocument();
    expect(screen.getByText(user.id)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy user ID" })).toBeInTheDocument();
    expect(screen.getByText("Verified")).toBeInTheDocument();
  });

  it("shows no Verified badge before identity and address are verified", () => {
    renderWithProviders(<ProfileHeader user={user} verified={false} />);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
  });
});
