import { useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { qrReader } from "../lib/recipient-sources";

/** How often the camera's picture is read for a QR code. */
const READ_EVERY_MS = 250;

type CameraState = { kind: "starting" } | { kind: "on" } | { kind: "refused" } | { kind: "failed" };

const cameraMessages = {
  refused: "Camera access was refused. Allow it in your browser's settings, or paste the address instead.",
  failed: "The camera could not be started. Paste or type the address instead.",
} as const;

/**
 * "Scan a QR code": the back camera until a QR code is read (its text goes to `onRead`, and the dialog
 * closes), or until closed. The camera is let go as the dialog closes.
 */
export function QrScanDialog({
  open,
  onOpenChange,
  onRead,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRead: (text: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: "starting" });
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    setCamera({ kind: "starting" });
    const readCode = qrReader();
    const look = async () => {
      const element = video.current;
      const text = element && element.readyState >= 2 ? await readCode(element).catch(() => null) : null;
      if (!current) return;
      if (text !== null) {
        read.current(text);
        return;
      }
      timer = setTimeout(() => void look(), READ_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (media) => {
        stream = media;
        if (!current || video.current === null) return;
        video.current.srcObject = media;
        await video.current.play().catch(() => {});
        setCamera({ kind: "on" });
        void look();
      })
      .catch((error: unknown) => {
        if (!current) return;
        const refused = error instanceof DOMException && error.name === "NotAllowedError";
        setCamera({ kind: refused ? "refused" : "failed" });
      });
    return () => {
      current = false;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Scan a QR code</DialogTitle>
          <DialogDescription>Point the camera at a Bitcoin address or a payment request.</DialogDescription>
        </DialogHeader>
        {camera.kind === "refused" || camera.kind === "failed" ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {cameraMessages[camera.kind]}
          </p>
        ) : (
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera"
            aria-busy={camera.kind === "starting"}
            className="aspect-square w-full rounded-xl bg-black object-cover"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
