/**
 * A status the document does not list: shown as the service wrote it, with the actions that depend on it held back
 * and the reason said plainly (decision 013).
 */
export function UnknownStatusNotice({ status, what }: { status: string; what: string }) {
  return (
    <p className="notice" role="status">
      The booking service reports this {what} as “{status}”, a status the console does not know. Its actions
      are not offered until the service reports a known status; reload the page later, or ask the service
      about it.
    </p>
  );
}
