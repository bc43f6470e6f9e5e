import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { notification, notificationServer } from "@/test/notification-server";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

const first = notification();
const second = notification({
  id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02",
  title: "Bitcoin sent successfully",
  message: "You sent 0.00050000 BTC to bob.",
  createdAt: "2025-04-16T09:00:00.000Z",
});

/** The Notifications screen and the button of its second notification (opened, it is marked read). */
async function openSecond() {
  const server = notificationServer([first, second]);
  stubApi({ user: customer, routes: server.routes });
  renderRoute("/notifications");
  const list = await screen.findByRole("list", { name: "Notifications" });
  const opener = within(list).getAllByRole("button")[1] as HTMLElement;
  const user = userEvent.setup();
  await user.click(opener);
  const dialog = await screen.findByRole("dialog", { name: "Bitcoin sent successfully" });
  // Opening marks it read: the list is drawn again, the button must survive it.
  await waitFor(() => expect(opener).not.toHaveAttribute("data-unread"));
  return { user, opener, dialog };
}

describe("a notification opened: focus", () => {
  it("Escape closes it and gives the focus back to the notification that opened it", async () => {
    const { user, opener } = await openSecond();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("Close does the same", async () => {
    const { user, opener, dialog } = await openSecond();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
