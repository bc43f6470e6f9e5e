import { useEffect, useRef } from "react";

/**
 * Calls `onVisible` when the returned ref's element comes near the viewport, while `enabled`. The
 * observer is made again whenever `enabled` turns on, so a sentinel that is still in view after a page
 * loads asks for the next one. Without IntersectionObserver nothing happens (the caller keeps a button).
 */
export function useOnVisible<T extends Element>(onVisible: () => void, enabled: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: "200px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}
