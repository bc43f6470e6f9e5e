import { toString as renderQrCode } from "qrcode";
import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";

/** `value` drawn as a QR code: an SVG in an <img> (a data: URL, which the CSP allows for images). */
export function QrCode({ value, alt, className }: { value: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    renderQrCode(value, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.error("Could not draw the QR code", error));
    return () => {
      current = false;
    };
  }, [value]);

  const box = cn("size-44 rounded-xl border bg-white p-2", className);
  // The white box stays in the dark theme: scanners want dark modules on a light ground.
  return src ? <img src={src} alt={alt} className={box} /> : <div className={cn(box, "animate-pulse")} />;
}
