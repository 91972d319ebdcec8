// Sign in and sign up.
import { useState } from 'preact/hooks';
import { ApiError, fieldProblems, messageOf } from '../api';
import { ErrorNotice } from '../components/Notice';
import { Field } from '../components/Field';
import { Link } from '../components/Link';
import { Title } from '../components/Title';
import { navigate } from '../router';
import { signIn, signUp } from '../session';

/** Where to go after signing in: `?next=` when it is an app path. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/app/') && !next.startsWith('/app/sign') ? next : '/app/recipes';
}

function explain(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) {
    const wait = err.retryAfter ? ` Try again in ${err.retryAfter} seconds.` : '';
    return `${err.message}${wait}`;
  }
  if (err instanceof ApiError && err.status === 401) return 'The e-mail or password is incorrect.';
  return messageOf(err);
}

export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await signIn(email.trim(), password);
      navigate(nextPath(), { replace: true });
    } catch (err) {
      setError(explain(err));
      setBusy(false);
    }
  };
  return (
    <section class="card auth">
      <Title text="Sign in" />
      <p class="lede">Nutrition labels for your recipes, rounded the way the law asks.</p>
      <ErrorNotice message={error} />
      <form onSubmit={submit} noValidate>
        <Field id="signin-email" label="E-mail" type="email" autocomplete="email" required value={email} onValue={setEmail} />
        <Field
          id="signin-password"
          label="Password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <button class="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        New here? <Link href="/app/sign-up">Create an account</Link> (free).
      </p>
    </section>
  );
}

export function SignUp() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError('');
    const local: Record<string, string> = {};
    if (!name.trim()) local.account_name = 'Give your business or kitchen a name.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) local.email = 'Enter an e-mail address like name@example.com.';
    if (password.length < 10) local.password = 'Use at least 10 characters.';
    setProblems(local);
    if (Object.keys(local).length) {
      setError('Please correct the fields marked below.');
      return;
    }
    setBusy(true);
    try {
      await signUp(email.trim(), password, name.trim());
      navigate('/app/recipes', { replace: true });
    } catch (err) {
      setProblems(fieldProblems(err));
      setError(err instanceof ApiError && err.code === 'email_taken' ? `${err.message} Sign in instead?` : explain(err));
      setBusy(false);
    }
  };
  return (
    <section class="card auth">
      <Title text="Create your account" />
      <p class="lede">You start on the Free plan (US label formats); your Account page shows what each plan adds.</p>
      <ErrorNotice message={error} />
      <form onSubmit={submit} noValidate>
        <Field
          id="signup-name"
          label="Business name"
          autocomplete="organization"
          value={name}
          onValue={setName}
          problem={problems.account_name}
        />
        <Field
          id="signup-email"
          label="E-mail"
          type="email"
          autocomplete="email"
          value={email}
          onValue={setEmail}
          problem={problems.email}
        />
        <Field
          id="signup-password"
          label="Password"
          type="password"
          autocomplete="new-password"
          hint="At least 10 characters."
          value={password}
          onValue={setPassword}
          problem={problems.password}
        />
        <button class="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <Link href="/app/sign-in">Sign in</Link>
      </p>
    </section>
  );
}
