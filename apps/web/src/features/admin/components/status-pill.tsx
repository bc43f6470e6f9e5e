import { cva, type VariantProps } from "class-variance-authority";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const pillVariants = cva("inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold", {
  variants: {
    tone: {
      success: "bg-success/15 text-success-strong",
      warning: "bg-warning/15 text-foreground",
      danger: "bg-destructive/10 text-destructive",
      neutral: "bg-muted text-muted-foreground",
    },
  },
  defaultVariants: { tone: "neutral" },
});

/** A status as a small pill: the word carries the meaning, the colour decorates it. */
export function StatusPill({
  tone,
  children,
  className,
}: VariantProps<typeof pillVariants> & { children: ReactNode; className?: string }) {
  return <span className={cn(pillVariants({ tone }), className)}>{children}</span>;
}
