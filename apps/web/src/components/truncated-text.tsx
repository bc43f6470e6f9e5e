import { type ComponentProps, useLayoutEffect, useRef, useState } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";

/** True while the element's text is cut off by its own width. */
function useOverflowing<T extends HTMLElement>(text: string) {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text must be measured again.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return { ref, overflowing };
}

export interface TruncatedTextProps extends Omit<ComponentProps<"span">, "children"> {
  text: string;
}

/**
 * One line of text, cut with an ellipsis when it does not fit. Only then does it become a tab stop and
 * show the whole text in a tooltip, on hover and on keyboard focus. The whole text stays in the DOM, so a
 * screen reader always reads all of it.
 */
export function TruncatedText({ text, className, ...props }: TruncatedTextProps) {
  const { ref, overflowing } = useOverflowing<HTMLSpanElement>(text);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip open={overflowing && open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <span
          ref={ref}
          tabIndex={overflowing ? 0 : undefined}
          className={cn(
            "block min-w-0 truncate rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
            className,
          )}
          {...props}
        >
          {text}
        </span>
      </TooltipTrigger>
      <TooltipContent className="break-words">{text}</TooltipContent>
    </Tooltip>
  );
}
