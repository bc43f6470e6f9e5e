import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, transactionPage, walletSummary } from "@/test/fixtures";
import { notification, notificationServer } from "@/test/notification-server";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";
import { expectToast, toastTitles } from "@/test/toasts";
import { NOTIFICATIONS_POLL_MS } from "./notification-feed";

/** EventSource as the browser gives it, driven by the test: `emit` is the server speaking. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<() => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string) {
    if (type === "open") this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  static live(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
    expect(open).toHaveLength(1);
    return open[0] as FakeEventSource;
  }
}

const earlier = notification({
  title: "Bitcoin received",
  message: "You received 0.00100000 BTC from alice.",
});
const arrived = notification({
  id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c09",
  message: "You received 0.00250000 BTC from bob.",
  createdAt: "2025-04-17T15:00:00.000Z",
});

function setup() {
  const server = notificationServer([earlier]);
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
});
