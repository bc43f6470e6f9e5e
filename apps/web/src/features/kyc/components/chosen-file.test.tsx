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
    expect(preview).toHaveAttribute("src", "blob:preview");
    fireEvent.error(preview);
    // No broken image: the preview is gone (the file icon is decoration), the name and size stay.
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("notes.png")).toBeInTheDocument();
    expect(screen.getByText("16 B")).toBeInTheDocument();
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
    expect(screen.getByText("bill.pdf")).toBeInTheDocument();
    expect(screen.getByText("1.2 MB · Uploaded")).toBeInTheDocument();
    // A PDF has no preview.
    expect(screen.queryByRole("img")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Replace" }));
    expect(onReplace).toHaveBeenCalledOnce();
  });
});
