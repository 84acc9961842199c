/** Spec section 1: a beta banner on every page. */
export function BetaBanner() {
  return (
    <section className="beta-banner" aria-label="Beta notice">
      <p>
        <strong className="beta-badge">Beta</strong> Storyloom is new and still growing. Thank you for your patience
        while we improve it.
      </p>
    </section>
  );
}
