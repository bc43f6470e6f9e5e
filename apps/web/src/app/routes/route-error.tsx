import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The root route's errorElement: an error thrown while loading or rendering any route lands here. */
export function RouteErrorScreen() {
  const error = useRouteError();

  useEffect(() => {
    console.error("Route error:", error);
  }, [error]);

  return (
    <AppColumn>
      <PageMain className="items-center justify-center gap-4 text-center">
        <h1 tabIndex={-1} className="outline-none text-2xl font-bold tracking-tight">
          Unexpected Application Error!
        </h1>
        <p className="max-w-sm rounded-xl bg-muted px-4 py-3 font-mono text-sm break-words text-foreground">
          {describe(error)}
        </p>
        <div className="mt-2 flex gap-3">
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload
          </Button>
          {/* A full page load: after an unexpected error, start from a clean state. */}
          <Button asChild>
            <a href={paths.dashboard}>Return to Dashboard</a>
          </Button>
        </div>
      </PageMain>
    </AppColumn>
  );
}
