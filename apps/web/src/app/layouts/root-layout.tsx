import { useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { SkipLink } from "@/components/layout/skip-link";
import { useBrandName } from "@/lib/api/meta";

/** Every page: the skip link, scroll restoration, and the document title from the server's brand name. */
export function RootLayout() {
  const brandName = useBrandName();
  useEffect(() => {
    if (brandName) document.title = brandName;
  }, [brandName]);

  return (
    <>
      <SkipLink />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
