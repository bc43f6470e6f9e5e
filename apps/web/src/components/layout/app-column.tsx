import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * The mobile-first page column: full width on a phone, a centred 28rem column on a tablet, and from
 * 1024px a 32rem card (rounded, shadowed, set off the page's branded background). It clips rather than
 * scrolls its overflow, so the bottom navigation inside it can still stick to the window.
 * Layouts put the page's <main> (and navigation) inside it.
 */
export function AppColumn({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "relative mx-auto flex min-h-window w-full max-w-md flex-col bg-background md:border-x md:shadow-xl md:shadow-black/5",
        "lg:my-8 lg:min-h-[calc(100dvh-4rem-var(--sandbox-banner-height))] lg:max-w-lg lg:overflow-clip lg:rounded-3xl lg:border lg:shadow-2xl lg:shadow-black/10",
        // Printed (the monthly statement), the page is the paper's width, with no card around it.
        "print:my-0 print:min-h-0 print:max-w-none print:overflow-visible print:rounded-none print:border-0 print:bg-white print:shadow-none",
        className,
      )}
      {...props}
    />
  );
}
