import { within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/**
 * The password inputs under `root` are exactly the ones labelled `labels`, and each has its own
 * show/hide toggle ("Show password" / "Hide password", aria-pressed) that unmasks and masks it again.
 */
export async function expectPasswordToggles(user: UserEvent, root: HTMLElement, labels: readonly string[]) {
  expect(root.querySelectorAll('input[type="password"]')).toHaveLength(labels.length);
  for (const label of labels) {
    const input = within(root).getByLabelText(label);
    const box = input.parentElement;
    if (box === null) throw new Error(`${label}: the input has no parent`);
    const toggle = within(box).getByRole("button", { name: "Show password" });
    expect(toggle, label).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(input, label).toHaveAttribute("type", "text");
    expect(toggle, label).toHaveAccessibleName("Hide password");
    expect(toggle, label).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(input, label).toHaveAttribute("type", "password");
  }
}
