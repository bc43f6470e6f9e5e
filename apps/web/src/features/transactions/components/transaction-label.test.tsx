import { labelMessages, type Transaction, textMessages } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { transaction, transactionPage } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";
import { TransactionHistory } from "./transaction-history";

// The customer's own label in the transaction details: added, edited and removed in place, saved by the
// server, and the history asked again so that its search finds it.

const ID = "5a0c2b1a-8d7e-4c6b-9a5f-1e2d3c4b5a61";
const LABEL_PATH = `/api/transactions/${ID}/label`;

function renderDetails(listed: Transaction, answer = (label: string): unknown => ({ label: label || null })) {
  // The server's copy: the label as last saved.
  let current = listed;
  const fetchMock = stubApi({
    routes: {
      "GET /api/transactions": () => transactionPage([current]),
      [`GET /api/transactions/${ID}`]: () => ({ transaction: current }),
      [`PUT ${LABEL_PATH}`]: ({ body }) => {
        const label = (body as { label: string }).label;
        const answered = answer(label);
        if (!(answered instanceof Response)) current = { ...current, label: label === "" ? null : label };
        return answered;
      },
    },
  });
  const view = renderWithProviders(<TransactionHistory />, { path: "/history" });
  const open = async () => {
    await view.user.click(await screen.findByRole("button", { name: /Sent to alice/ }));
    return screen.findByRole("dialog", { name: "Transaction Details" });
  };
  return { ...view, fetchMock, open };
}

const labelDetail = (dialog: HTMLElement) =>
  within(dialog).getByText("Label").nextElementSibling as HTMLElement;

describe("a transaction's label", () => {
  it("is added in the details: the field focused, saved, said, and the focus back on the button", async () => {
    const view = renderDetails(transaction({ id: ID }));
    const dialog = await view.open();
    expect(labelDetail(dialog)).toHaveTextContent("No label");
    await view.user.click(within(dialog).getByRole("button", { name: "Add label" }));
    const field = within(dialog).getByRole("textbox", { name: "Label" });
    expect(field).toHaveFocus();
    await view.user.type(field, "  Rent for March ");
    const listsBefore = requestsTo(view.fetchMock, "GET /api/transactions").length;
    await view.user.click(within(dialog).getByRole("button", { name: "Save" }));

    await expectToast("success", labelMessages.saved);
    expect(requestsTo(view.fetchMock, `PUT ${LABEL_PATH}`)).toEqual([{ label: "Rent for March" }]);
    expect(labelDetail(dialog)).toHaveTextContent("Rent for March");
    expect(within(dialog).getByRole("button", { name: "Edit label" })).toHaveFocus();
    // The history is asked again: its search matches labels.
    await waitFor(() =>
      expect(requestsTo(view.fetchMock, "GET /api/transactions").length).toBeGreaterThan(listsBefore),
    );
  });

  it("closes the field on Escape, sending nothing, and leaves the details open", async () => {
    const view = renderDetails(transaction({ id: ID, label: "Rent" }));
    const dialog = await view.open();
    await view.user.click(within(dialog).getByRole("button", { name: "Edit label" }));
    await view.user.type(within(dialog).getByRole("textbox", { name: "Label" }), " and bills");
    await view.user.keyboard("{Escape}");

    expect(within(dialog).queryByRole("textbox", { name: "Label" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Transaction Details" })).toBeVisible();
    expect(labelDetail(dialog)).toHaveTextContent("Rent");
    expect(within(dialog).getByRole("button", { name: "Edit label" })).toHaveFocus();
    expect(requestsTo(view.fetchMock, `PUT ${LABEL_PATH}`)).toEqual([]);
    // A second Escape, from the button, closes the details as before.
    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("is edited and removed; Remove sends an empty label", async () => {
    const view = renderDetails(transaction({ id: ID, label: "Rent" }));
    const dialog = await view.open();
    expect(labelDetail(dialog)).toHaveTextContent("Rent");
    await view.user.click(within(dialog).getByRole("button", { name: "Edit label" }));
    expect(within(dialog).getByRole("textbox", { name: "Label" })).toHaveValue("Rent");
    await view.user.click(within(dialog).getByRole("button", { name: "Remove" }));

    await expectToast("success", labelMessages.removed);
    expect(requestsTo(view.fetchMock, `PUT ${LABEL_PATH}`)).toEqual([{ label: "" }]);
    expect(labelDetail(dialog)).toHaveTextContent("No label");
    expect(within(dialog).getByRole("button", { name: "Add label" })).toHaveFocus();
  });

  it("refuses a control character or a label too long with the field's message, and sends nothing", async () => {
    const view = renderDetails(transaction({ id: ID }));
    const dialog = await view.open();
    await view.user.click(within(dialog).getByRole("button", { name: "Add label" }));
    const field = within(dialog).getByRole("textbox", { name: "Label" });
    await view.user.click(field);
    await view.user.paste("Rent\u202eevil");
    await view.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(textMessages.hostile)).toBeInTheDocument();
    // Nothing was dropped from what was typed.
    expect(field).toHaveValue("Rent\u202eevil");
    expect(field).toHaveAccessibleDescription(expect.stringContaining(textMessages.hostile));

    await view.user.clear(field);
    await view.user.paste("x".repeat(256));
    await view.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(labelMessages.tooLong)).toBeInTheDocument();
    expect(requestsTo(view.fetchMock, `PUT ${LABEL_PATH}`)).toEqual([]);
  });

  it("keeps the field and says the server's refusal when the label is not saved", async () => {
    const view = renderDetails(transaction({ id: ID }), () =>
      apiError(404, "NOT_FOUND", "This transaction was not found."),
    );
    const dialog = await view.open();
    await view.user.click(within(dialog).getByRole("button", { name: "Add label" }));
    await view.user.type(within(dialog).getByRole("textbox", { name: "Label" }), "Rent");
    await view.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This transaction was not found.");
    expect(within(dialog).getByRole("textbox", { name: "Label" })).toHaveValue("Rent");
  });

  it("Cancel closes the field unsaved and gives the focus back", async () => {
    const view = renderDetails(transaction({ id: ID }));
    const dialog = await view.open();
    await view.user.click(within(dialog).getByRole("button", { name: "Add label" }));
    await view.user.type(within(dialog).getByRole("textbox", { name: "Label" }), "Rent");
    await view.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(within(dialog).queryByRole("textbox", { name: "Label" })).not.toBeInTheDocument();
    expect(labelDetail(dialog)).toHaveTextContent("No label");
    expect(within(dialog).getByRole("button", { name: "Add label" })).toHaveFocus();
    expect(requestsTo(view.fetchMock, `PUT ${LABEL_PATH}`)).toEqual([]);
  });
});
