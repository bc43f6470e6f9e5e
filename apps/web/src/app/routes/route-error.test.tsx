import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { RouteErrorScreen } from "./route-error";

function Boom(): never {
  throw new Error("Boom: the screen broke");
}

function renderRouter(route: Parameters<typeof createMemoryRouter>[0][number]) {
  const router = createMemoryRouter([{ ...route, path: "/", errorElement: <RouteErrorScreen /> }]);
  render(<RouterProvider router={router} />);
}

describe("route error boundary", () => {
  // React and the router report the caught error on the console; keep the test output clean.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  it("is the root route's errorElement", () => {
    expect(routes[0]?.errorElement).toEqual(<RouteErrorScreen />);
  });

  it("shows the heading and the message of an error thrown while rendering", async () => {
    renderRouter({ element: <Boom /> });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Boom: the screen broke")).toBeInTheDocument();
  });

  it("shows status and status text of a route error response thrown by a loader", async () => {
    renderRouter({
      loader: () => {
        throw new Response("", { status: 503, statusText: "Service Unavailable" });
      },
      element: <p>never shown</p>,
    });
    expect(await screen.findByText("Unexpected Application Error!")).toBeInTheDocument();
    expect(screen.getByText("503 Service Unavailable")).toBeInTheDocument();
    expect(screen.queryByText("never shown")).not.toBeInTheDocument();
  });
});
