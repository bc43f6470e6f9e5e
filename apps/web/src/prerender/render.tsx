import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import { DashboardShell } from "./dashboard-shell";

/**
 * Build time only (apps/web/build/prerender.ts runs it in Node through Vite's SSR loader): the HTML a
 * signed-out screen draws before any script runs, put into #root of the built index.html so the first
 * paint needs no JavaScript; main.tsx then hydrates it. The router resolves the route's lazy layout and
 * screen first, as the browser's router does before hydrating, so both draw the same tree. No hydration
 * data is emitted (`hydrate={false}`): the routes have no loaders, and the CSP allows no inline script.
 */
export function renderRoute(path: string): Promise<string> {
  return renderWith(routes, path);
}

/** The dashboard's shell (dashboard-shell.tsx): drawn by the browser, then replaced by the app. */
export function renderDashboardShell(): Promise<string> {
  return renderWith([{ path: "/dashboard", element: <DashboardShell /> }], "/dashboard");
}

async function renderWith(routeTable: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}): not pre-rendered`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
