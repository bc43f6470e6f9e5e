import type { LoginHistoryEntry } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { stubApi } from "@/test/stub-api";
import { LoginHistoryDialog } from "./login-history-dialog";

// Local times, so the expected text holds in any time zone.
const entries: LoginHistoryEntry[] = [
  {
    id: "8e4a6c2f-1b3d-4f5a-9c7e-2d4f6a8c0e13",
    timestamp: new Date(2025, 3, 17, 14, 5).toISOString(),
    device: "Chrome on macOS",
    location: "Lisbon, Portugal",
    ipAddress: "203.0.113.7",
    status: "success",
    reasons: [],
    kind: "signIn",
    method: "password",
    passkeyName: null,
  },
  {
    id: "8e4a6c2f-1b3d-4f5a-9c7e-2d4f6a8c0e12",
    timestamp: new Date(2025, 3, 16, 9, 30).toISOString(),
    device: "Firefox on Windows",
    location: "Unknown",
    ipAddress: "198.51.100.4",
    status: "failed",
    reasons: [],
    kind: "signIn",
    method: "password",
    passkeyName: null,
  },
  {
    id: "8e4a6c2f-1b3d-4f5a-9c7e-2d4f6a8c0e11",
    timestamp: new Date(2025, 2, 1, 23, 59).toISOString(),
    device: "Safari on iOS",
    location: "Porto, Portugal",
    ipAddress: "192.0.2.1",
    status: "suspicious",
    reasons: ["newDevice", "newLocation"],
    kind: "signIn",
    method: "password",
    passkeyName: null,
  },
];

async function openHistory() {
  const view = renderWithProviders(<LoginHistoryDialog />);
  await view.user.click(screen.getByRole("button", { name: "View Login History" }));
  const dialog = await screen.findByRole("dialog", { name: "Login History" });
  return { ...view, dialog };
}

describe("login history", () => {
  it("lists the attempts in a table, newest first as given, with the specification's formats", async () => {
    stubApi({ routes: { "GET /api/account/login-history": () => ({ entries }) } });
    const { dialog } = await openHistory();
    expect(dialog).toHaveAccessibleDescription("Review your recent account login activity.");
    const table = await within(dialog).findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Date & Time", "Device", "Location", "IP Address", "Status"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Apr 17, 2025 14:05", "Chrome on macOS", "Lisbon, Portugal", "203.0.113.7", "Success"],
      ["Apr 16, 2025 09:30", "Firefox on Windows", "Unknown", "198.51.100.4", "Failed"],
      [
        "Mar 1, 2025 23:59",
        "Safari on iOS",
        "Porto, Portugal",
        "192.0.2.1",
        "Suspicious: New device, New location",
      ],
    ]);
    // The reason is read with the status: the Status cell's accessible text names it.
    expect(within(rows[2] as HTMLElement).getAllByRole("cell")[4]).toHaveTextContent(
      "Suspicious: New device, New location",
    );
    // The icons are decoration; the word carries the status.
    for (const row of rows) expect(row.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("on a narrow screen, shows each attempt as a card with every field labelled", async () => {
    stubApi({ routes: { "GET /api/account/login-history": () => ({ entries }) } });
    const { dialog } = await openHistory();
    const list = await within(dialog).findByRole("list", { name: "Sign-in attempts" });
    const cards = within(list).getAllByRole("listitem");
    const fields = cards.map((card) =>
      Object.fromEntries(
        [...card.querySelectorAll("dt")].map((term) => [
          term.textContent,
          term.nextElementSibling?.tagName === "DD" ? term.nextElementSibling.textContent : null,
        ]),
      ),
    );
    expect(fields).toEqual([
      {
        "Date & Time": "Apr 17, 2025 14:05",
        Device: "Chrome on macOS",
        Location: "Lisbon, Portugal",
        "IP Address": "203.0.113.7",
        Status: "Success",
      },
      {
        "Date & Time": "Apr 16, 2025 09:30",
        Device: "Firefox on Windows",
        Location: "Unknown",
        "IP Address": "198.51.100.4",
        Status: "Failed",
      },
      {
        "Date & Time": "Mar 1, 2025 23:59",
        Device: "Safari on iOS",
        Location: "Porto, Portugal",
        "IP Address": "192.0.2.1",
        Status: "Suspicious: New device, New location",
      },
    ]);
  });

  it("lets a keyboard reach the table's scroll area: a named region in the tab order", async () => {
    stubApi({ routes: { "GET /api/account/login-history": () => ({ entries }) } });
    const { dialog } = await openHistory();
    const table = await within(dialog).findByRole("table");
    const region = within(dialog).getByRole("region", { name: "Login history" });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute("tabindex", "0");
  });

  it("says when there is nothing yet", async () => {
    stubApi({ routes: { "GET /api/account/login-history": () => ({ entries: [] }) } });
    const { dialog } = await openHistory();
    expect(await within(dialog).findByText("No login activity yet.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("list")).not.toBeInTheDocument();
  });

  it("closes with Close", async () => {
    stubApi({ routes: { "GET /api/account/login-history": () => ({ entries }) } });
    const { dialog, user } = await openHistory();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows passkey changes beside the sign-ins, and a sign-in's method when it was not the password", async () => {
    const base = entries[0] as LoginHistoryEntry;
    const passkeyEntries: LoginHistoryEntry[] = [
      {
        ...base,
        id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c01",
        kind: "passkeyAdded",
        method: null,
        passkeyName: "Work laptop",
      },
      {
        ...base,
        id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c02",
        kind: "passkeyRenamed",
        method: null,
        passkeyName: "Home laptop",
      },
      {
        ...base,
        id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c03",
        kind: "passkeyRemoved",
        method: null,
        passkeyName: "My phone",
      },
      { ...base, id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c04", method: "passkey" },
      { ...base, id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c05", method: "recoveryCode" },
      { ...base, id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c06", method: null },
    ];
    stubApi({ routes: { "GET /api/account/login-history": () => ({ entries: passkeyEntries }) } });
    const { dialog } = await openHistory();
    const expected = [
      "Passkey added: Work laptop",
      "Passkey renamed: Home laptop",
      "Passkey removed: My phone",
      "Success, Method: Passkey",
      "Success, Method: Recovery code",
      "Success",
    ];
    const table = await within(dialog).findByRole("table");
    const statuses = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[4]?.textContent);
    expect(statuses).toEqual(expected);
    const cards = within(within(dialog).getByRole("list", { name: "Sign-in attempts" })).getAllByRole(
      "listitem",
    );
    expect(cards.map((card) => [...card.querySelectorAll("dd")].at(-1)?.textContent)).toEqual(expected);
  });
});
