import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { BottomNav } from "./bottom-nav";

function renderAt(path: string, unreadNotifications?: number) {
  const router = createMemoryRouter(
    [{ path: "*", element: <BottomNav unreadNotifications={unreadNotifications} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole("navigation", { name: "Main" }));
}

const LINKS = [
  ["Home", "/dashboard"],
  ["Wallet", "/wallet"],
  ["History", "/history"],
  ["Notifications", "/notifications"],
  ["Profile", "/profile"],
] as const;

function activeLinks(nav: ReturnType<typeof renderAt>) {
  return nav
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.textContent);
}

describe("BottomNav", () => {
  it("links the five main screens with visible labels", () => {
    const nav = renderAt("/dashboard");
    for (const [name, href] of LINKS) {
      expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });

  it.each(LINKS)("marks %s active on %s with aria-current", (name, href) => {
    const nav = renderAt(href);
    expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
    expect(activeLinks(nav)).toEqual([name]);
  });

  it("activates Profile for any path under /profile", () => {
    expect(activeLinks(renderAt("/profile/security"))).toEqual(["Profile"]);
  });

  it("matches the other items exactly: /wallet/send does not activate Wallet", () => {
    const nav = renderAt("/wallet/send");
    expect(nav.getByRole("link", { name: "Wallet" })).not.toHaveAttribute("aria-current");
    expect(activeLinks(nav)).toEqual([]);
  });

  it("does not treat /profiles as part of /profile", () => {
    expect(activeLinks(renderAt("/profiles"))).toEqual([]);
  });

  it("shows the unread notifications on Notifications, and says them in its name", () => {
    const nav = renderAt("/dashboard", 3);
    const link = nav.getByRole("link", { name: "Notifications (3 unread)" });
    expect(link).toHaveAttribute("href", "/notifications");
    expect(within(link).getByText("3")).toBeInTheDocument();
  });

  it("caps the badge at 9+ but names the real count, and shows none at zero", () => {
    expect(
      within(renderAt("/dashboard", 12).getByRole("link", { name: "Notifications (12 unread)" })).getByText(
        "9+",
      ),
    ).toBeInTheDocument();
    cleanup();
    const nav = renderAt("/dashboard", 0);
    expect(nav.getByRole("link", { name: "Notifications" }).textContent).toBe("Notifications");
  });
});
