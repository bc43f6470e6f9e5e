import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { customer, walletSummary } from "@/test/fixtures";
import { notificationServer } from "@/test/notification-server";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";

const NAMES = ["All Notifications", "Transaction Alerts", "Security Alerts", "Email Notifications"] as const;

function switchNamed(name: (typeof NAMES)[number]) {
  return screen.getByRole("switch", { name });
}

function states() {
  return NAMES.map((name) => switchNamed(name).getAttribute("aria-checked") === "true");
}

function setup() {
  const server = notificationServer();
  const fetchMock = stubApi({
    user: customer,
    routes: { ...server.routes, "GET /api/wallet": () => walletSummary },
  });
  const view = renderRoute("/profile/notifications");
  return { server, fetchMock, view };
}

describe("notification settings", () => {
  it("shows four switches, all off for a new customer, and says the list records money and security whatever they say", async () => {
    setup();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Notification Settings" }),
    ).toBeInTheDocument();
    await screen.findByRole("switch", { name: "All Notifications" });
    expect(states()).toEqual([false, false, false, false]);
    expect(switchNamed("Transaction Alerts")).toHaveAccessibleDescription(
      /Your notifications always record money received and sent and every change to your account's security, whatever these switches say: they decide what also pops up on screen and comes by email/,
    );
    expect(switchNamed("Security Alerts")).toHaveAccessibleDescription(
      /Some alerts are always sent: a sign-in from a new device or place, a changed password, two-factor authentication turned off/,
    );
  });

  it("saves each switch on the server, with its toast; All is on only when the other three are", async () => {
    const { server, fetchMock } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Transaction Alerts" }));
    await expectToast("success", "Transaction notifications enabled");
    expect(states()).toEqual([false, true, false, false]);
    await user.click(switchNamed("Security Alerts"));
    await expectToast("success", "Security notifications enabled");
    await user.click(switchNamed("Email Notifications"));
    await expectToast("success", "Email notifications enabled");
    expect(states()).toEqual([true, true, true, true]);
    expect(requestsTo(fetchMock, "PATCH /api/notifications/settings")).toEqual([
      { transactionAlerts: true },
      { securityAlerts: true },
      { emailNotifications: true },
    ]);

    await user.click(switchNamed("Security Alerts"));
    await expectToast("success", "Security notifications disabled");
    expect(states()).toEqual([false, true, false, true]);
    expect(server.settings()).toEqual({
      transactionAlerts: true,
      securityAlerts: false,
      emailNotifications: true,
    });
  });

  it("sets every switch with All Notifications, and keeps them through a reload", async () => {
    const { server, fetchMock, view } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "All Notifications" }));
    await expectToast("success", "All notifications enabled");
    expect(states()).toEqual([true, true, true, true]);
    expect(requestsTo(fetchMock, "PATCH /api/notifications/settings")).toEqual([
      { transactionAlerts: true, securityAlerts: true, emailNotifications: true },
    ]);

    await user.click(switchNamed("All Notifications"));
    await expectToast("success", "All notifications disabled");
    expect(states()).toEqual([false, false, false, false]);

    await user.click(switchNamed("Email Notifications"));
    await expectToast("success", "Email notifications enabled");
    view.unmount();
    // A new visit reads what the server saved.
    stubApi({ user: customer, routes: { ...server.routes, "GET /api/wallet": () => walletSummary } });
    renderRoute("/profile/notifications");
    await waitFor(() => expect(switchNamed("Email Notifications")).toHaveAttribute("aria-checked", "true"));
    expect(states()).toEqual([false, false, false, true]);
  });

  it("puts a switch back, with an error toast, when the server refuses the change", async () => {
    const { server } = setup();
    const user = userEvent.setup();
    server.refuseSettings(apiError(503, "SERVICE_UNAVAILABLE", "The service is unavailable."));
    await user.click(await screen.findByRole("switch", { name: "Transaction Alerts" }));
    await expectToast("error", "Notification settings not saved", "The service is unavailable.");
    expect(states()).toEqual([false, false, false, false]);
  });
});
