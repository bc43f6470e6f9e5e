import { screen, within } from "@testing-library/react";
import { expect } from "vitest";

/** A toast, by its title (and its text when given), checked to be of `type` ("error": the destructive style). */
export async function expectToast(type: "error" | "success", title: string, text?: string) {
  const heading = await screen.findByText(title, { selector: "[data-sonner-toast] [data-title]" });
  const toast = heading.closest("[data-sonner-toast]") as HTMLElement;
  expect(toast).toHaveAttribute("data-type", type);
  if (text !== undefined) expect(within(toast).getByText(text)).toHaveAttribute("data-description");
  return toast;
}

/** The toasts showing now, by title. */
export function toastTitles(): string[] {
  return screen
    .queryAllByText(/./, { selector: "[data-sonner-toast] [data-title]" })
    .map((title) => title.textContent ?? "");
}
