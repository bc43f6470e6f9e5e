import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { customer, transactionPage, walletSummary } from "@/test/fixtures";
import { notification, notificationServer } from "@/test/notification-server";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";
import { expectToast, toastTitles } from "@/test/toasts";
import { NOTIFICATIONS_POLL_MS } from "./notification-feed";

const earlier = notification({
  title: "Bitcoin received",
  message: "You received 0.00100000 BTC from alice.",
});
const arrived = notification({
  id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c09",
  message: "You received 0.00250000 BTC from bob.",
  createdAt: "2025-04-17T15:00:00.000Z",
});

function setup(switches: { transactionAlerts?: boolean } = { transactionAlerts: true }) {
  const server = notificationServer([earlier], switches);
  stubApi({
    user: customer,
    routes: {
      ...server.routes,
      "GET /api/wallet": () => walletSummary,
      "GET /api/transactions": () => transactionPage([]),
    },
  });
  return server;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe("new notifications while the app is open", () => {
  it("toasts money received as the stream announces it, and counts it on the navigation", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const server = setup();
    renderRoute("/dashboard");
    const nav = within(await screen.findByRole("navigation", { name: "Main" }));
    expect(await nav.findByRole("link", { name: "Notifications (1 unread)" })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const source = FakeEventSource.live();
    expect(source.url).toBe("/api/notifications/stream");
    act(() => source.emit("open"));

    server.add(arrived);
    act(() => source.emit("notification"));
    await expectToast("success", "Bitcoin received", "You received 0.00250000 BTC from bob.");
    expect(await nav.findByRole("link", { name: "Notifications (2 unread)" })).toBeInTheDocument();
    // What was there before the app opened is no news.
    expect(toastTitles()).toEqual(["Bitcoin received"]);

    // Other notifications count, without a toast.
    server.add(
      notification({
        id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c10",
        type: "security",
        kind: "password_changed",
        status: "info",
        title: "Password changed",
      }),
    );
    act(() => source.emit("notification"));
    expect(await nav.findByRole("link", { name: "Notifications (3 unread)" })).toBeInTheDocument();
    expect(toastTitles()).toEqual(["Bitcoin received"]);
  });

  it("asks every 30 seconds while there is no stream, and toasts what arrived", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = setup();
    renderRoute("/dashboard");
    const nav = within(await screen.findByRole("navigation", { name: "Main" }));
    expect(await nav.findByRole("link", { name: "Notifications (1 unread)" })).toBeInTheDocument();
    server.add(arrived);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    await expectToast("success", "Bitcoin received", "You received 0.00250000 BTC from bob.");
    expect(await nav.findByRole("link", { name: "Notifications (2 unread)" })).toBeInTheDocument();
  });

  it("records money received with Transaction Alerts off (a new customer) without a toast; a sign-in from a new device toasts whatever the switches say", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const server = setup({});
    renderRoute("/dashboard");
    const nav = within(await screen.findByRole("navigation", { name: "Main" }));
    expect(await nav.findByRole("link", { name: "Notifications (1 unread)" })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const source = FakeEventSource.live();
    act(() => source.emit("open"));

    server.add(arrived);
    act(() => source.emit("notification"));
    // In the list and on the badge, as a statement would have it; no toast, as the switch says.
    expect(await nav.findByRole("link", { name: "Notifications (2 unread)" })).toBeInTheDocument();
    server.add(
      notification({
        id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c11",
        type: "security",
        kind: "suspicious_sign_in",
        status: "warning",
        title: "New sign-in to your account",
        message: "Your account was signed in from a new device: Firefox 128 on Windows, Unknown.",
      }),
    );
    act(() => source.emit("notification"));
    await expectToast(
      "error",
      "New sign-in to your account",
      "Your account was signed in from a new device: Firefox 128 on Windows, Unknown.",
    );
    expect(await nav.findByRole("link", { name: "Notifications (3 unread)" })).toBeInTheDocument();
    expect(toastTitles()).toEqual(["New sign-in to your account"]);
  });
});
