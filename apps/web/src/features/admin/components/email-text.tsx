import { Fragment } from "react";

/** An email address that may break after its "@" and before its dots, rather than anywhere in a word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <>{email}</>;
  const [first, ...rest] = email.slice(at + 1).split(".");
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {first}
      {rest.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in a fixed order.
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}
