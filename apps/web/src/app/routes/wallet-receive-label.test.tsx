import { labelMessages } from "@satsbank/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, receiveInfo } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";

// The receive screen's current address carries the customer's own label, edited in place (the same editor
// as a transaction's), saved with `PUT /api/labels/addresses/:address`.

const LABEL_PATH = `/api/labels/addresses/${receiveInfo.address}`;

function renderReceive(label: string | null) {
  const fetchMock = stubApi({
    user: customer,
    routes: {
      "GET /api/wallet/receive": () => ({ ...receiveInfo, label }),
      [`PUT ${LABEL_PATH}`]: ({ body }) => ({ label: (body as { label: string }).label || null }),
    },
  });
  renderRoute("/wallet/receive");
  return { fetchMock, user: userEvent.setup() };
}

async function addressCard() {
  return screen.findByRole("region", { name: "Your Bitcoin address" });
}

describe("the receive screen's address label", () => {
  it("is added under the address, and shown once saved", async () => {
    const { fetchMock, user } = renderReceive(null);
    const card = await addressCard();
    expect(within(card).getByText("No label")).toBeVisible();
    await user.click(within(card).getByRole("button", { name: "Add label" }));
    const field = within(card).getByRole("textbox", { name: "Your label for this address" });
    expect(field).toHaveFocus();
    await user.type(field, "Savings from work{Enter}");

    await expectToast("success", labelMessages.saved);
    expect(requestsTo(fetchMock, `PUT ${LABEL_PATH}`)).toEqual([{ label: "Savings from work" }]);
    expect(within(card).getByText("Savings from work")).toBeVisible();
    expect(within(card).getByRole("button", { name: "Edit label" })).toHaveFocus();
  });

  it("shows the label the address has, and removes it", async () => {
    const { fetchMock, user } = renderReceive("Savings");
    const card = await addressCard();
    expect(within(card).getByText("Savings")).toBeVisible();
    await user.click(within(card).getByRole("button", { name: "Edit label" }));
    await user.click(within(card).getByRole("button", { name: "Remove" }));

    await expectToast("success", labelMessages.removed);
    expect(requestsTo(fetchMock, `PUT ${LABEL_PATH}`)).toEqual([{ label: "" }]);
    expect(within(card).getByText("No label")).toBeVisible();
  });
});
