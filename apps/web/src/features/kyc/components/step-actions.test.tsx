import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { StepActions } from "./step-actions";

describe("a KYC step's Back and submit buttons", () => {
  it("give the submit button the room Back does not need, and let its label wrap rather than overflow", () => {
    renderWithProviders(
      <StepActions backTo="/auth/kyc/address" submitLabel="Submit Verification" busy={false} />,
    );
    const back = screen.getByRole("link", { name: "Back" });
    const submit = screen.getByRole("button", { name: "Submit Verification" });
    const row = submit.parentElement as HTMLElement;
    expect(row).toContainElement(back);
    // Two equal halves left "Submit Verification" 169 px at 390 px: it needs about 200.
    expect(row.className).not.toMatch(/\bgrid-cols-2\b/);
    expect(row.className).toContain("grid-cols-[auto_1fr]");
    // On the narrowest phones the label takes a second line inside the button, never past its edge.
    expect(submit.className).not.toMatch(/\bwhitespace-nowrap\b/);
    expect(submit.className).toMatch(/\bwhitespace-normal\b/);
    expect(submit.className).toMatch(/\bh-auto\b/);
  });
});
