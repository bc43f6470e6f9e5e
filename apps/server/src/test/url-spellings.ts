/**
 * Every way to write `path` that the router still routes to it: each character percent-encoded in turn
 * (in upper- and lower-case hex), and the whole path encoded at once.
 */
export function spellings(path: string): string[] {
  const encode = (char: string, upper: boolean) => {
    const hex = char.charCodeAt(0).toString(16);
    return `%${upper ? hex.toUpperCase() : hex}`;
  };
  const variants = new Set<string>();
  for (const upper of [false, true]) {
    [...path].forEach((char, i) => {
      if (char !== "/") variants.add(path.slice(0, i) + encode(char, upper) + path.slice(i + 1));
    });
    variants.add([...path].map((char) => (char === "/" ? char : encode(char, upper))).join(""));
  }
  return [...variants];
}
