import { Component, type ReactNode, useEffect } from 'react';
import { type Location, Outlet, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** The pages' error boundary (a route's element around its children): what the data router's errorElement did. */
export function RouteErrorBoundary() {
  return (
    <ErrorBoundary location={useLocation()}>
      <Outlet />
    </ErrorBoundary>
  );
}

interface BoundaryState {
  error: unknown;
  location: Location;
}

/** Catches a page's error; the next navigation (a new location) tries again, as React Router's boundary does. */
class ErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * Shown inside the shell when a page throws or its code cannot be fetched
 * (typically an old tab after a new release replaced the hashed files).
 */
export function RouteError({ error }: { error: unknown }) {
  useDocumentTitle('Something Went Wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="page page-narrow">
      <h1>Something Went Wrong</h1>
      <p>This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload the Page
      </button>
    </section>
  );
}
