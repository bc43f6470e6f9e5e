import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { AdminTabs } from "./admin-tabs";

describe("the staff tabs on a phone", () => {
  it("wrap onto more rows, every tab in sight, instead of a sideways row that hid four of them", () => {
    renderWithProviders(<AdminTabs />, { path: "/admin" });
    const list = screen.getByRole("tablist", { name: "Staff tools" });
    expect(
      within(list)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual([
      "Banking Customers",
      "Transaction History",
      "KYC Reviews",
      "Approvals",
      "Support",
      "Books",
      "Vault",
      "Audit Log",
    ]);
    expect(list.className).toMatch(/\bflex-wrap\b/);
    expect(list.className).not.toMatch(/\boverflow-x-(auto|scroll)\b/);
  });
});
