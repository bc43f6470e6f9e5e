import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** Any unknown path. Logs the bad path once per visit (the ref survives StrictMode's second effect run). */
export function NotFoundScreen() {
  const location = useLocation();
  const loggedKey = useRef<string | null>(null);

  useEffect(() => {
    if (loggedKey.current === location.key) return;
    loggedKey.current = location.key;
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.key, location.pathname]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <p className="text-7xl font-extrabold tracking-tighter text-brand" aria-hidden="true">
        404
      </p>
      <h1 tabIndex={-1} className="outline-none text-2xl font-bold tracking-tight">
        Oops! Page not found
      </h1>
      <p className="max-w-xs text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild className="mt-2">
        <Link to={paths.dashboard}>Return to Dashboard</Link>
      </Button>
    </div>
  );
}
