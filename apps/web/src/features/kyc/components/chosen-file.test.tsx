import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { kycDocument } from "@/test/fixtures";
import { ChosenFile } from "./chosen-file";

describe("ChosenFile", () => {
  it("previews an image, and shows the file icon instead of a broken image when it does not decode", () => {
    const file = new File(["not really a png"], "notes.png", { type: "image/png" });
    vi.stubGlobal("URL", { ...URL, createObjectURL: () => "blob:preview", revokeObjectURL: () => undefined });
    render(
      <ChosenFile chosen={{ source: "local", file }} replaceLabel="Replace" onReplace={() => undefined} />,
    );
    const preview = screen.getByRole("img", { name: "Preview of notes.png" });
    fireEvent.error(preview);
    expect(screen.queryByRole("img", { name: "Preview of notes.png" })).toBeNull();
    expect(screen.getByText("notes.png")).toBeDefined();
    vi.unstubAllGlobals();
  });

  it("shows an uploaded document as uploaded, with Replace", () => {
    const onReplace = vi.fn();
    render(
      <ChosenFile
        chosen={{
          source: "uploaded",
          document: kycDocument("address", { format: "pdf", fileName: "bill.pdf" }),
        }}
        replaceLabel="Replace"
        onReplace={onReplace}
      />,
    );
    expect(screen.getByText(/Uploaded/)).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Replace" }));
    expect(onReplace).toHaveBeenCalledOnce();
  });
});
