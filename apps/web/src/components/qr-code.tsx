import { toString as renderQrCode } from "qrcode";
import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";

export interface QrCodeProps {
  value: string;
  /** The image's accessible name: what the code holds, e.g. "QR code of your Bitcoin address". */
  alt: string;
  /** The id of an element that spells the value out (the address as text), read after the name. */
  describedBy?: string;
  className?: string;
}

type Drawing = { state: "drawing" } | { state: "drawn"; src: string } | { state: "failed" };

/** `value` drawn as a QR code: an SVG in an <img> (a data: URL, which the CSP allows for images). */
export function QrCode({ value, alt, describedBy, className }: QrCodeProps) {
  const [drawing, setDrawing] = useState<Drawing>({ state: "drawing" });
  useEffect(() => {
    let current = true;
    setDrawing({ state: "drawing" });
    renderQrCode(value, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
      .then((svg) => {
        if (current)
          setDrawing({ state: "drawn", src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((error: unknown) => {
        console.error("Could not draw the QR code", error);
        // The value is always shown as text beside the code: without the picture, nothing is lost.
        if (current) setDrawing({ state: "failed" });
      });
    return () => {
      current = false;
    };
  }, [value]);

  const box = cn("size-44 rounded-xl border bg-white p-2", className);
  if (drawing.state === "failed") return null;
  // The white box stays in the dark theme: scanners want dark modules on a light ground.
  if (drawing.state === "drawn") {
    return <img src={drawing.src} alt={alt} aria-describedby={describedBy} className={box} />;
  }
  return (
    <div
      role="img"
      aria-label={alt}
      aria-busy="true"
      data-loading
      className={cn(box, "animate-pulse motion-reduce:animate-none")}
    />
  );
}
