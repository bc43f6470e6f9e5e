import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { UserDetailsStatement } from "./user-details-statement";

const USER_ID = "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90";

afterEach(() => {
  vi.useRealTimers();
});

describe("User Details > Statement", () => {
  it("offers the last complete month's statement, and the month staff pick, in a new tab", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2030, 0, 20, 12, 0));
    stubApi();
    renderWithProviders(<UserDetailsStatement userId={USER_ID} />);
    expect(screen.getByRole("region", { name: "Statement" })).toBeInTheDocument();
    const picker = screen.getByLabelText("Statement month");
    expect(picker).toHaveValue("2029-12");
    const link = screen.getByRole("link", { name: "Open statement of December 2029 (opens in a new tab)" });
    expect(link).toHaveAttribute("href", `/admin/customers/${USER_ID}/statement?month=2029-12`);
    expect(link).toHaveAttribute("target", "_blank");
    fireEvent.change(picker, { target: { value: "2029-07" } });
    expect(screen.getByRole("link", { name: /^Open statement of July 2029/ })).toHaveAttribute(
      "href",
      `/admin/customers/${USER_ID}/statement?month=2029-07`,
    );
  });
});
