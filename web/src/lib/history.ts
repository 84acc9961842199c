import { useEffect, useRef, useState } from 'react';
import {
  type Blocker,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type Navigator,
  type To,
  useLocation,
} from 'react-router-dom';

/**
 * The app's browser history, and the one leave guard it can hold (docs/web.md, "First load").
 *
 * React Router's data router (`createBrowserRouter`) is the only mode with `useBlocker`, and it costs
 * about 18 KB gzip more than the component router (loaders, actions, fetchers, revalidation: none of
 * which the SPA uses, since server state lives in TanStack Query). The app renders `<Router>` on this
 * history instead, and the blocker the forms need is here: `push`/`replace` (links, `navigate()`,
 * `<Navigate>`) ask it first, and a Back or Forward it refuses is undone with `go(-delta)` and replayed
 * on `proceed()` — what the data router does with the same history (it keeps each entry's index in
 * `history.state.idx`, so a pop knows its delta).
 */
const browser = createBrowserHistory({ v5Compat: true });

type ShouldBlock = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

interface ActiveBlocker {
  /** The location its page is rendered at. */
  at: () => Location;
  shouldBlock: ShouldBlock;
  blocked: (next: Location, proceed: () => void) => void;
}

/** The location the app shows (on a pop, `browser.location` is already the next one). */
let shown = browser.location;
/** One guard at a time (as in React Router): the form on screen. */
let active: ActiveBlocker | null = null;
/** Set when a held Back or Forward is replayed: its pop goes through without asking again. */
let proceeding = false;

/** Whether the active blocker holds this navigation (then it waits for `proceed`, or for nothing: dropped). */
function holds(next: Location, proceed: () => void): boolean {
  if (proceeding) {
    proceeding = false;
    return false;
  }
  // A page that was already left (its unmount waits for the next page's code, in a transition) holds nothing.
  if (!active || active.at().key !== shown.key) return false;
  if (!active.shouldBlock({ currentLocation: shown, nextLocation: next })) return false;
  active.blocked(next, proceed);
  return true;
}

function locationOf(to: To, state: unknown): Location {
  const url = browser.createURL(to);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: 'next' };
}

/** What `<Router navigator>` calls for every in-app navigation. */
export const navigator: Navigator & Pick<typeof browser, 'createURL'> = {
  createHref: (to) => browser.createHref(to),
  createURL: (to) => browser.createURL(to),
  encodeLocation: (to) => browser.encodeLocation(to),
  go: (delta) => browser.go(delta),
  push(to, state) {
    if (!holds(locationOf(to, state), () => browser.push(to, state))) browser.push(to, state);
  },
  replace(to, state) {
    if (!holds(locationOf(to, state), () => browser.replace(to, state))) browser.replace(to, state);
  },
};

export interface HistoryUpdate {
  action: typeof browser.action;
  location: Location;
}

/** The current entry, and a subscription to every change the user is let through (one listener). */
export const appHistory = {
  get action() {
    return browser.action;
  },
  get location() {
    return browser.location;
  },
  listen(listener: (update: HistoryUpdate) => void): () => void {
    let undoing = false;
    return browser.listen((update) => {
      // The pop that undid a held Back or Forward: the page never left.
      if (undoing) {
        undoing = false;
        return;
      }
      const { delta } = update;
      if (update.action === 'POP' && delta) {
        const held = holds(update.location, () => {
          proceeding = true;
          browser.go(delta);
        });
        if (held) {
          undoing = true;
          browser.go(-delta);
          return;
        }
      }
      shown = update.location;
      listener({ action: update.action, location: update.location });
    });
  },
};

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

/**
 * React Router's `useBlocker` for this history: while `shouldBlock` says so, a navigation waits as
 * `state: 'blocked'` until `proceed()` (it happens) or `reset()` (it is dropped).
 */
export function useBlocker(shouldBlock: ShouldBlock): Blocker {
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  const shouldBlockRef = useRef(shouldBlock);
  shouldBlockRef.current = shouldBlock;
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(() => {
    const mine: ActiveBlocker = {
      at: () => locationRef.current,
      shouldBlock: (args) => shouldBlockRef.current(args),
      blocked: (location, proceed) =>
        setBlocker({
          state: 'blocked',
          location,
          proceed: () => {
            setBlocker(UNBLOCKED);
            proceed();
          },
          reset: () => setBlocker(UNBLOCKED),
        }),
    };
    active = mine;
    return () => {
      if (active === mine) active = null;
    };
  }, []);
  return blocker;
}
