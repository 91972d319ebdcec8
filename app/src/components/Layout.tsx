import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { messageOf } from '../api';
import { planName } from '../plans';
import { navigate } from '../router';
import { signOut } from '../session';
import type { Account } from '../types';
import { Link } from './Link';

const NAV = [
  { href: '/app/recipes', label: 'Recipes' },
  { href: '/app/ingredients', label: 'Ingredients' },
  { href: '/app/import', label: 'Import' },
  { href: '/app/account', label: 'Account' },
];

/** The signed-in frame: header with navigation, plan and sign-out, then the screen. */
export function Layout({ account, pathname, children }: { account: Account; pathname: string; children: ComponentChildren }) {
  const [error, setError] = useState('');
  const out = async () => {
    try {
      await signOut();
      navigate('/app/sign-in', { replace: true });
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <Link href="/app/recipes" class="brand">
          NLS <span>labels</span>
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={pathname.startsWith(item.href) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <Link href="/app/account" class="plan-badge" aria-label={`${planName(account.plan.id)} plan: see what it allows`}>
            {planName(account.plan.id)}
          </Link>
          <button type="button" class="button small" onClick={out}>
            Sign out
          </button>
        </div>
      </header>
      {error && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** The signed-out frame (sign in, sign up). */
export function PlainLayout({ children }: { children: ComponentChildren }) {
  return (
    <>
      <header class="topbar">
        <span class="brand">
          NLS <span>labels</span>
        </span>
      </header>
      <main id="main" tabIndex={-1} class="narrow">
        {children}
      </main>
    </>
  );
}
