import { cutLongWords } from "./long-words";

/**
 * The one way to show a toast. Titles and descriptions are the specification's words, e.g.
 * `notify.success("Logged out", "You have been logged out successfully")`. Errors use the destructive
 * style.
 *
 * The toast library is loaded with the first toast, not with the first screen: each call returns its
 * toast's id at once, and the toast shows as soon as the library is there (calls keep their order).
 * The Toaster is mounted by the same first call (components/ui/toaster-host.tsx). An address in a toast is
 * cut in the middle on screen and read whole (long-words.tsx).
 */
type Sonner = typeof import("sonner");
export type ToastId = string;

let sonner: Promise<Sonner> | undefined;
let nextId = 0;
const listeners = new Set<() => void>();

/** Starts loading the toast library (once) and tells the Toaster host to mount. */
function loadSonner(): Promise<Sonner> {
  if (sonner === undefined) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For the Toaster host: whether any toast was asked for yet, and a way to hear when one is. */
export const toastDemand = {
  requested: () => sonner !== undefined,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function show(kind: "success" | "error" | "info", title: string, description?: string): ToastId {
  nextId += 1;
  const id = `toast-${nextId}`;
  void loadSonner().then(({ toast }) =>
    toast[kind](cutLongWords(title), { id, description: description && cutLongWords(description) }),
  );
  return id;
}

export const notify = {
  success(title: string, description?: string) {
    return show("success", title, description);
  },
  error(title: string, description?: string) {
    return show("error", title, description);
  },
  info(title: string, description?: string) {
    return show("info", title, description);
  },
  dismiss(id?: ToastId) {
    if (sonner !== undefined) void sonner.then(({ toast }) => toast.dismiss(id));
  },
};
