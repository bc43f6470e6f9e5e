import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastDemand } from "@/lib/notify";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * Mounted once at the root: mounts the Toaster (and loads the toast library) with the first toast any
 * screen asks for. A toast asked for before the Toaster is there still shows: sonner keeps it.
 */
export function ToasterHost() {
  const requested = useSyncExternalStore(toastDemand.subscribe, toastDemand.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
