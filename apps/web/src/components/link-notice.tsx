/** Says what part of a link the page could not read and left out, so an agent's shared link never fails silently. */
export function LinkNotice({
  dropped,
  next = 'What could be read is filled in; choose the rest and search again.',
}: {
  dropped: readonly string[];
  next?: string;
}) {
  if (dropped.length === 0) return null;
  return (
    <div className="notice" role="status">
      <p>
        <strong>Part of this link could not be read and was left out:</strong> {dropped.join('; ')}.
      </p>
      <p>{next}</p>
    </div>
  );
}
