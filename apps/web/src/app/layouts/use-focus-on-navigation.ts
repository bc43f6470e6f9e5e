import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new screen may take to draw its heading (its data loading) before focus is left alone. */
const HEADING_WAIT_MS = 3_000;

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1");
}

function focusHeading(heading: HTMLElement) {
  // A heading is not a tab stop: -1 lets script focus it without adding it to the tab order.
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/**
 * After a navigation to another path, moves the focus to the new screen's main heading, so a screen
 * reader announces the screen and the next Tab starts from its top, as after a page load. The first
 * screen of a visit is left alone (the browser starts at the top; the skip link is first), and so is a
 * change of the query alone (a filter), which keeps the focus where the person is working. A heading
 * that is not drawn yet is waited for (up to 3 s), unless the person moves the focus meanwhile.
 */
export function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;

    const heading = mainHeading();
    if (heading) {
      focusHeading(heading);
      return;
    }
    const focusedBefore = document.activeElement;
    const observer = new MutationObserver(() => {
      const drawn = mainHeading();
      if (!drawn) return;
      stop();
      if (document.activeElement === focusedBefore) focusHeading(drawn);
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
