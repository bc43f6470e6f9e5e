import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer } from "@/test/fixtures";
import { notification, notificationServer } from "@/test/notification-server";
import { renderRoute } from "@/test/render-route";
import { requestsTo, stubApi } from "@/test/stub-api";

const received = notification();
const signIn = notification({
  id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02",
  type: "security",
  kind: "suspicious_sign_in",
  status: "warning",
  title: "New sign-in to your account",
  message:
    "Your account was signed in from a new device: Firefox 125 on Windows, Unknown (IP address 203.0.113.10).",
  createdAt: "2025-04-16T09:00:00.000Z",
});
const staffMessage = notification({
  id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c03",
  type: "system",
  kind: "staff_message",
  status: "info",
  title: "About your account",
  message: "Hello,\nyour statement is ready.",
  createdAt: "2025-04-15T09:00:00.000Z",
  read: true,
});

function nav() {
  return within(screen.getByRole("navigation", { name: "Main" }));
}

describe("notifications screen", () => {
  it("shows '<n> new', highlights the unread ones, and the unread count on the navigation", async () => {
    const server = notificationServer([received, signIn, staffMessage]);
    stubApi({ user: customer, routes: server.routes });
    renderRoute("/notifications");
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeInTheDocument();
    expect(await screen.findByText("2 new")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Notifications" });
    const buttons = within(list).getAllByRole("button");
    expect(buttons).toHaveLength(3);
    expect(buttons[0]).toHaveAccessibleName(/^Unread: Bitcoin received/);
    expect(buttons[0]).toHaveAttribute("data-unread");
    expect(buttons[1]).toHaveAttribute("data-unread");
    expect(buttons[2]).not.toHaveAttribute("data-unread");
    expect(buttons[2]).toHaveAccessibleName(/^About your account/);
    expect(within(buttons[1] as HTMLElement).getByText("Security")).toBeInTheDocument();
    expect(within(buttons[1] as HTMLElement).getByText("Warning")).toBeInTheDocument();
    expect(within(buttons[2] as HTMLElement).getByText("System")).toBeInTheDocument();
    expect(within(buttons[2] as HTMLElement).getByText("Info")).toBeInTheDocument();
    expect(nav().getByRole("link", { name: "Notifications (2 unread)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("marks one read when opened, showing its whole message", async () => {
    const server = notificationServer([received, signIn, staffMessage]);
    const fetchMock = stubApi({ user: customer, routes: server.routes });
    const user = userEvent.setup();
    renderRoute("/notifications");
    const list = await screen.findByRole("list", { name: "Notifications" });
    await user.click(within(list).getByRole("button", { name: /New sign-in to your account/ }));
    const dialog = await screen.findByRole("dialog", { name: "New sign-in to your account" });
    expect(within(dialog).getByText(signIn.message)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST /api/notifications/${signIn.id}/read`)).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("1 new")).toBeInTheDocument();
    expect(nav().getByRole("link", { name: "Notifications (1 unread)" })).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: /New sign-in to your account/ })).not.toHaveAttribute(
      "data-unread",
    );

    // A read one opens without asking the server again.
    await user.click(within(list).getByRole("button", { name: /About your account/ }));
    expect(await screen.findByRole("dialog", { name: "About your account" })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST /api/notifications/${staffMessage.id}/read`)).toHaveLength(0);
  });

  it("marks all as read: the badge and the highlight go", async () => {
    const server = notificationServer([received, signIn, staffMessage]);
    const fetchMock = stubApi({ user: customer, routes: server.routes });
    const user = userEvent.setup();
    renderRoute("/notifications");
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.queryByText("2 new")).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, "POST /api/notifications/read-all")).toHaveLength(1);
    const list = screen.getByRole("list", { name: "Notifications" });
    for (const button of within(list).getAllByRole("button"))
      expect(button).not.toHaveAttribute("data-unread");
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
    expect(nav().getByRole("link", { name: "Notifications" })).toBeInTheDocument();
  });

  it("says 'No notifications yet' when there are none", async () => {
    stubApi({ user: customer, routes: notificationServer([]).routes });
    renderRoute("/notifications");
    expect(await screen.findByText("No notifications yet")).toBeInTheDocument();
    expect(screen.queryByText(/ new$/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });
});
