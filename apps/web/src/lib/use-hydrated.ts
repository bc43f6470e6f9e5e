import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates HTML the build drew in advance (and in that HTML itself), true once the
 * component runs in the browser: an app drawn from scratch is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
