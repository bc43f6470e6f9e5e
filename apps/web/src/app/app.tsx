import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

type AppRouter = ReturnType<typeof createAppRouter>;

function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <AppProviders>
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
 * code and the early session answer (public/early-data.js) are there, so the app replaces it with the
 * screen rather than with a spinner first. Any other page is drawn from scratch at once.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const router = createAppRouter();
  const app = <App router={router} />;
  if (container.dataset.prerendered !== undefined) {
    await routerReady(router);
    hydrateRoot(container, app);
    return;
  }
  if (container.hasChildNodes()) {
    await Promise.all([routerReady(router), window.satsbankEarly?.["/api/auth/me"]]);
  }
  createRoot(container).render(app);
}
