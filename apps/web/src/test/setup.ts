import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { notify } from "@/lib/notify";
import { stubApi } from "./stub-api";

// Every screen is a lazy route: the first test to open one waits for its module to be transformed and
// loaded, which on a busy 2-core machine can take over a second. findBy* and waitFor poll until then.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these; Radix and the reduced-motion checks read them.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = () => {};
// Radix measures its checkbox and switch thumbs; jsdom has no layout, so nothing ever resizes.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

beforeEach(() => {
  stubApi();
});

afterEach(() => {
  // Sonner keeps its toasts in a module-level store and replays active ones to a new Toaster.
  notify.dismiss();
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = "";
  document.title = "";
});
