import { useEffect } from "react";
import { Outlet, ScrollRestoration, useMatches } from "react-router";
import { SandboxBadge } from "@/components/layout/sandbox-badge";
import { SkipLink } from "@/components/layout/skip-link";
import { useBrandName } from "@/lib/api/meta";
import { useFocusOnNavigation } from "./use-focus-on-navigation";

/** What a route may declare in its `handle`: a page title, shown before the brand name in the tab. */
export type RouteHandle = { title?: string };

/**
 * Every page: the skip link, the Sandbox badge (on the sandbox chain), scroll restoration, the focus on the new screen's heading after a
 * navigation, and the document title: the server's brand name, after the deepest route's own title when
 * it has one ("Verify your email · Satsbank").
 */
export function RootLayout() {
  useFocusOnNavigation();
  const brandName = useBrandName();
  const title = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    if (brandName) document.title = title ? `${title} · ${brandName}` : brandName;
  }, [brandName, title]);

  return (
    <>
      <SkipLink />
      <SandboxBadge />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
