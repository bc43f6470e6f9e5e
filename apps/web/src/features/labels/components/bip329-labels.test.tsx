import { BIP329_IMPORT_MAX_BYTES, type Bip329ImportResult } from "@satsbank/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { Bip329Labels } from "./bip329-labels";

// Profile > Wallet Connection's "Labels (BIP-329)": the export is a plain download; the import sends the
// file's text and shows what it did, line by line.

const FILE_TEXT = [
  '{"type":"tx","ref":"f91d0a8a78462bc59398f2c5d7a84fcff491c26ba54c4833478b202796c8aafd","label":"Rent"}',
  "not json",
  '{"type":"xpub","ref":"xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8","label":"Old"}',
].join("\n");

function renderSection(answer: () => unknown) {
  const fetchMock = stubApi({ routes: { "POST /api/labels/bip329": answer } });
  const view = renderWithProviders(<Bip329Labels />);
  const section = screen.getByRole("region", { name: "Labels (BIP-329)" });
  return { ...view, fetchMock, section };
}

const result: Bip329ImportResult = {
  imported: 1,
  skipped: [
    { line: 2, reason: "Not a JSON object" },
    { line: 3, reason: "Type xpub is not imported" },
  ],
};

describe("Labels (BIP-329)", () => {
  it("exports the labels as a download of the BIP-329 file", () => {
    const { section } = renderSection(() => result);
    const link = within(section).getByRole("link", { name: "Export labels" });
    expect(link).toHaveAttribute("href", "/api/labels/bip329");
    expect(link).toHaveAttribute("download", "satsbank-labels.jsonl");
  });

  it("imports a file: its text sent as JSON Lines, then the count and each skipped line with why", async () => {
    const { section, user, fetchMock } = renderSection(() => result);
    const file = new File([FILE_TEXT], "sparrow-labels.jsonl", { type: "" });
    await user.upload(within(section).getByLabelText("Labels file"), file);
    await user.click(within(section).getByRole("button", { name: "Import labels" }));

    expect(await within(section).findByText("1 label imported")).toBeVisible();
    expect(requestsTo(fetchMock, "POST /api/labels/bip329")).toEqual([FILE_TEXT]);
    const [, init] = fetchMock.mock.calls.find(([path]) => path === "/api/labels/bip329") ?? [];
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/jsonl");
    const skipped = within(section).getByRole("list", { name: "2 lines skipped:" });
    expect(
      within(skipped)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Line 2: Not a JSON object", "Line 3: Type xpub is not imported"]);
  });

  it("refuses a file over the limit in the browser, and sends nothing", async () => {
    const { section, user, fetchMock } = renderSection(() => result);
    const file = new File(["x".repeat(BIP329_IMPORT_MAX_BYTES + 1)], "huge.jsonl");
    const field = within(section).getByLabelText("Labels file");
    await user.upload(field, file);
    await user.click(within(section).getByRole("button", { name: "Import labels" }));

    expect(
      await within(section).findByText("This file is larger than 1.0 MB. Choose a smaller one."),
    ).toBeVisible();
    expect(field).toHaveFocus();
    expect(requestsTo(fetchMock, "POST /api/labels/bip329")).toEqual([]);
  });

  it("asks for a file when none is chosen, and says the server's refusal under the field", async () => {
    const { section, user } = renderSection(() =>
      apiError(413, "PAYLOAD_TOO_LARGE", "The file is too large."),
    );
    await user.click(within(section).getByRole("button", { name: "Import labels" }));
    expect(await within(section).findByText("Choose a BIP-329 labels file.")).toBeVisible();

    await user.upload(within(section).getByLabelText("Labels file"), new File([FILE_TEXT], "labels.jsonl"));
    await user.click(within(section).getByRole("button", { name: "Import labels" }));
    expect(await within(section).findByText("The file is too large.")).toBeVisible();
    expect(within(section).queryByText(/imported/)).not.toBeInTheDocument();
  });
});
