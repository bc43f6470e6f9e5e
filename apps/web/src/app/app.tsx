import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

type AppRouter = ReturnType<typeof createAppRouter>;

function App({ router, queryClient }: { router: AppRouter; queryClient?: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Resolves once the router has loaded the current route's lazy layouts and screen. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the app in `container`. A page the build pre-rendered (sign-in, the splash: build/prerender.ts)
 * arrives with its screen's HTML already in #root (`data-prerendered`): the router first loads the same
 * lazy layout and screen the build drew, then React hydrates that HTML rather than drawing it again. The
 * dashboard arrives with a shell (its frame and the balance card's skeleton): it stays until the screen's
 * code and the data of its first frame (primeDashboard: the session, the installation's facts, the
 * balance, the latest transactions, the verification overview, asked for early by public/early-data.js)
 * are there, so the app replaces it with the whole screen rather than with a spinner first, and nothing
 * moves after. Any other page is drawn at once.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const router = createAppRouter();
  if (container.dataset.prerendered !== undefined) {
    await routerReady(router);
    hydrateRoot(container, <App router={router} />);
    return;
  }
  if (!container.hasChildNodes()) {
    createRoot(container).render(<App router={router} />);
    return;
  }
  const queryClient = createQueryClient();
  // The router has loaded the dashboard's chunk (or is loading it): importing it again fetches nothing.
  // Whatever fails here, the screen asks again itself: the app is drawn all the same.
  const primed = import("./routes/dashboard")
    .then(({ primeDashboard }) => primeDashboard(queryClient))
    .catch(() => undefined);
  await Promise.all([routerReady(router), primed]);
  createRoot(container).render(<App router={router} queryClient={queryClient} />);
}
