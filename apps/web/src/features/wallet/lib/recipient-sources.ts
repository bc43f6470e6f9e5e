import { useEffect, useState } from "react";

// Where a recipient can come from besides typing: the clipboard (the Paste button) and the camera (the Scan
// button, through the browser's own QR reader, BarcodeDetector). Each button shows only where the browser
// has what it needs; typing and pasting into the field always work.

/** The browser's BarcodeDetector (Chromium, Android, Safari 17 behind a flag): not in TypeScript's DOM lib. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

function barcodeDetector(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** True when the page may ask for the clipboard's text (the browser may still ask the customer). */
export function canReadClipboard(): boolean {
  return typeof navigator.clipboard?.readText === "function";
}

/** The clipboard's text, or null when the browser refused it. */
export async function readClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

/** True once known that this browser can read QR codes from the camera: a QR-reading BarcodeDetector. */
export function useCanScanQr(): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    const Detector = barcodeDetector();
    if (Detector === undefined || typeof navigator.mediaDevices?.getUserMedia !== "function") return;
    let current = true;
    Detector.getSupportedFormats()
      .then((formats) => {
        if (current) setCan(formats.includes("qr_code"));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  return can;
}

/** A QR reader for one video element: what it reads, or null while nothing is in view. */
export function qrReader(): (video: HTMLVideoElement) => Promise<string | null> {
  const Detector = barcodeDetector();
  if (Detector === undefined) throw new Error("No BarcodeDetector");
  const detector = new Detector({ formats: ["qr_code"] });
  return async (video) => {
    const [code] = await detector.detect(video);
    return code?.rawValue ?? null;
  };
}
