import { useCallback, useEffect, useRef, useState } from "react";

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's text, committed (`onCommit`) once typing pauses. `committed` is the search in force
 * (the URL's); when it changes from elsewhere (back button, "Clear search") the box follows it.
 */
export function useSearchText(committed: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  if (committed !== seen) {
    setSeen(committed);
    if (text.trim() !== committed) setText(committed);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onCommit(next), SEARCH_DEBOUNCE_MS);
    },
    [onCommit],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setText("");
    onCommit("");
  }, [onCommit]);

  return { text, change, clear };
}
