/** A visible "please wait" with its words, announced politely to screen readers. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div className={className ? `spinner ${className}` : 'spinner'} role="status">
      <span className="spinner-circle" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}
