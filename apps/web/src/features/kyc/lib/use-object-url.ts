import { useEffect, useState } from "react";

/** A `blob:` URL for a picked image, to preview it; revoked when the file changes or the preview goes. */
export function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (file === null) {
      setUrl(undefined);
      return;
    }
    let next: string;
    try {
      next = URL.createObjectURL(file);
    } catch {
      // Outside a browser (the tests' jsdom) a File may not be a Blob the URL class knows: no preview.
      setUrl(undefined);
      return;
    }
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
