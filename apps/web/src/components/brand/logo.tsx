import { cva, type VariantProps } from "class-variance-authority";
import { Bitcoin } from "lucide-react";
import type { ComponentProps } from "react";
import { useBrandName } from "@/lib/api/meta";
import { cn } from "@/lib/cn";

const logoVariants = cva("inline-flex items-center font-bold tracking-tight text-foreground", {
  variants: {
    size: {
      small: "gap-2 text-lg",
      medium: "gap-2.5 text-2xl",
      large: "flex-col gap-5 text-4xl",
    },
  },
  defaultVariants: { size: "medium" },
});

const markVariants = cva(
  "inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-white shadow-sm ring-1 ring-black/5",
  {
    variants: {
      size: {
        small: "size-8 [&_svg]:size-5",
        medium: "size-10 [&_svg]:size-6",
        large: "size-24 shadow-lg shadow-primary/30 [&_svg]:size-14",
      },
    },
    defaultVariants: { size: "medium" },
  },
);

export type LogoSize = NonNullable<VariantProps<typeof logoVariants>["size"]>;

export interface LogoProps extends Omit<ComponentProps<"span">, "children"> {
  size?: LogoSize;
}

/**
 * The brand: a bitcoin-orange mark and the wordmark, whose name comes from the server (`GET /api/meta`).
 * While the name loads, the wordmark keeps its space empty rather than showing a name that might change.
 */
export function Logo({ size = "medium", className, ...props }: LogoProps) {
  const brandName = useBrandName();
  return (
    <span data-slot="logo" className={cn(logoVariants({ size }), className)} {...props}>
      <span className={markVariants({ size })} aria-hidden="true">
        <Bitcoin strokeWidth={2.25} />
      </span>
      <span className="min-w-[5ch] leading-none" data-loading={brandName === undefined || undefined}>
        {brandName ?? "\u00A0"}
      </span>
    </span>
  );
}
