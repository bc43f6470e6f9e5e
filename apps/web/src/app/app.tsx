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
 * arrives with its screen's HTML already in #root: the router first loads the same lazy layout and screen
 * the build drew, then React hydrates that HTML rather than drawing it again. Any other page (the
 * dashboard's shell holds only a skeleton, marked `data-shell`) is drawn from scratch, replacing it.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const router = createAppRouter();
  if (container.dataset.prerendered === undefined) {
    createRoot(container).render(<App router={router} />);
    return;
  }
  await routerReady(router);
  hydrateRoot(container, <App router={router} />);
}
