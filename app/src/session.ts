// The signed-in account: loaded from GET /auth/v1/session, set by sign-in and sign-up,
// cleared by sign-out or a 401.
import { del, request, setCsrfToken } from './api';
import { Store } from './store';
import type { Account, SessionInfo } from './types';

type State = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; account: Account };

const store = new Store<State>({ status: 'loading' });
const set = (next: State) => store.set(next);

export function useSession(): State {
  return store.use();
}

export function signedInAccount(): Account | null {
  const state = store.get();
  return state.status === 'signed-in' ? state.account : null;
}

export function acceptSession(info: SessionInfo): void {
  setCsrfToken(info.csrf_token);
  set({ status: 'signed-in', account: info.account });
}

export function dropSession(): void {
  setCsrfToken('');
  set({ status: 'signed-out' });
}

/** Asks the server whether the cookie is a live session. */
export async function loadSession(): Promise<void> {
  try {
    const reply = await request<SessionInfo>('GET', '/auth/v1/session', { quiet401: true });
    acceptSession(reply.data);
  } catch {
    dropSession();
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  const reply = await request<SessionInfo>('POST', '/auth/v1/session', { body: { email, password }, quiet401: true });
  acceptSession(reply.data);
}

export async function signUp(email: string, password: string, accountName: string): Promise<void> {
  const reply = await request<SessionInfo>('POST', '/auth/v1/signup', {
    body: { email, password, account_name: accountName },
    quiet401: true,
  });
  acceptSession(reply.data);
}

export async function signOut(): Promise<void> {
  try {
    await del('/auth/v1/session', { quiet401: true });
  } finally {
    dropSession();
  }
}
