// A small History API router for paths under /app.
import { Store } from './store';

export const BASE = '/app';
const location$ = new Store(currentPath());
let focusRequested = false;

function notify(): void {
  focusRequested = true;
  location$.set(currentPath());
}

/** True once after each navigation: the next screen's title takes focus. */
export function takeFocusRequest(): boolean {
  const requested = focusRequested;
  focusRequested = false;
  return requested;
}

window.addEventListener('popstate', notify);

/** The current location as `/app/...?query`. */
export function currentPath(): string {
  return location.pathname + location.search;
}

let leaveGuard: (() => boolean) | null = null;

/** A screen with unsaved work asks before an in-app link takes the user away. */
export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

export function navigate(path: string, options: { replace?: boolean; force?: boolean } = {}): void {
  if (path === currentPath()) return;
  if (!options.force && !options.replace && leaveGuard && !leaveGuard()) return;
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.scrollTo(0, 0);
  notify();
}

/** Re-renders the caller whenever the location changes. */
export function useLocation(): { pathname: string; search: URLSearchParams } {
  location$.use();
  return { pathname: location.pathname.replace(/\/+$/, '') || '/', search: new URLSearchParams(location.search) };
}

/** Matches `/app/recipes/:id` against a pathname; the parameters, or null. */
export function match(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      if (!g) return null;
      params[w.slice(1)] = decodeURIComponent(g);
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** A click handler for in-app links: plain clicks navigate without a page load. */
export function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.currentTarget as HTMLElement).closest('a');
  const href = anchor?.getAttribute('href');
  if (!anchor || !href || !href.startsWith(BASE) || anchor.target || anchor.hasAttribute('download')) return;
  event.preventDefault();
  navigate(href);
}
