import { type KeyboardEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { StoriesPanel } from '../components/StoriesPanel.tsx';
import { UsersPanel } from '../components/UsersPanel.tsx';

const TABS = [
  { id: 'users', label: 'User Management' },
  { id: 'stories', label: 'Story Management' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

/**
 * /admin (spec section 6): two tabs, User Management and Story Management, following the ARIA tabs
 * pattern (arrow keys, Home and End move between tabs). The tab is kept in the URL (?tab=stories) so
 * a reload stays put; a panel loads on its first visit and keeps its rows after.
 */
export function AdminRoute() {
  useDocumentTitle('Admin Panel');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabId = isTab(requested) ? requested : 'users';
  const [visited, setVisited] = useState<ReadonlySet<TabId>>(() => new Set([active]));
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ users: null, stories: null });

  const select = (tab: TabId, focus = false) => {
    setVisited((seen) => (seen.has(tab) ? seen : new Set([...seen, tab])));
    setParams(tab === 'users' ? {} : { tab }, { replace: true });
    if (focus) tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === active);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab) select(tab.id, true);
  };

  return (
    <section className="page admin-page">
      <header className="page-header">
        <h1>Admin Panel</h1>
        <p className="section-lead">Manage the people and stories on Storyloom. Changes apply at once.</p>
      </header>
      <div className="tabs" role="tablist" aria-label="Administration" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className={active === tab.id ? 'tab active' : 'tab'}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={active !== tab.id}
          className="tab-panel"
        >
          {(visited.has(tab.id) || active === tab.id) && (tab.id === 'users' ? <UsersPanel /> : <StoriesPanel />)}
        </div>
      ))}
    </section>
  );
}
