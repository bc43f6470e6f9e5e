import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { LabelEditor } from "./label-editor";

// The editor alone: what it sends, and when it sends nothing (the screens' tests cover the server's side).

function renderEditor(label: string | null) {
  const save = vi.fn(async (text: string) => text || null);
  const view = renderWithProviders(
    <LabelEditor label={label} fieldLabel="Label" hint="Only you see it." save={save} />,
  );
  return { ...view, save };
}

describe("LabelEditor", () => {
  it("sends the label trimmed, and nothing when it did not change", async () => {
    const { user, save } = renderEditor("Rent");
    await user.click(screen.getByRole("button", { name: "Edit label" }));
    await user.type(screen.getByRole("textbox", { name: "Label" }), "  {Enter}");
    // "Rent  " trims to "Rent": unchanged, so the field closes without a request.
    expect(await screen.findByRole("button", { name: "Edit label" })).toHaveFocus();
    expect(save).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Edit label" }));
    await user.type(screen.getByRole("textbox", { name: "Label" }), " and water{Enter}");
    expect(save).toHaveBeenCalledWith("Rent and water");
  });

  it("offers Remove only when there is a label, and an empty field with none sends nothing", async () => {
    const { user, save } = renderEditor(null);
    await user.click(screen.getByRole("button", { name: "Add label" }));
    expect(screen.queryByRole("button", { name: "Remove" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Label" })).toHaveAccessibleDescription("Only you see it.");
    await user.type(screen.getByRole("textbox", { name: "Label" }), "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("button", { name: "Add label" })).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });
});
