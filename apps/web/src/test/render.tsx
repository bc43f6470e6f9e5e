import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { AppProviders } from "@/app/providers";

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export interface RenderWithProvidersOptions {
  /** The route path the element is mounted at (default "/"). */
  path?: string;
  /** The URL the test starts at (default: `path`). */
  url?: string;
}

/**
 * Renders one component with the app's providers inside a memory router. Every other URL shows a probe
 * of the location, so a test can see where the component navigated (`router.state.location`).
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = "/", url = path }: RenderWithProvidersOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: "*", element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user };
}
