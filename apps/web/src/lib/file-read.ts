/** A file's bytes (FileReader: every browser, and the tests' DOM, which has no Blob.arrayBuffer or text). */
export function fileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const { result } = reader;
      if (result instanceof ArrayBuffer) resolve(new Uint8Array(result));
      else reject(new Error("The file was not read as bytes"));
    };
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsArrayBuffer(file);
  });
}

/** A text file's text, read as UTF-8 (a byte order mark dropped). */
export async function fileText(file: Blob): Promise<string> {
  return new TextDecoder().decode(await fileBytes(file));
}
