// Entry point: loads the session, then shows the screen for the current /app path.
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { setUnauthorizedHandler } from './api';
import { Layout, PlainLayout } from './components/Layout';
import { Link } from './components/Link';
import { Title } from './components/Title';
import { match, navigate, useLocation } from './router';
import { Account } from './screens/Account';
import { SignIn, SignUp } from './screens/Auth';
import { Builder } from './screens/builder/Builder';
import { History } from './screens/History';
import { Import } from './screens/Import';
import { IngredientForm } from './screens/IngredientForm';
import { Ingredients } from './screens/Ingredients';
import { Markets } from './screens/Markets';
import { Recipes } from './screens/Recipes';
import { Share } from './screens/Share';
import { dropSession, loadSession, useSession } from './session';

function Screen({ pathname }: { pathname: string }) {
  let params: Record<string, string> | null;
  if (pathname === '/app/recipes') return <Recipes />;
  if (pathname === '/app/recipes/new') return <Builder id={null} />;
  if ((params = match('/app/recipes/:id/history', pathname))) return <History id={params.id!} />;
  if ((params = match('/app/recipes/:id/share', pathname))) return <Share id={params.id!} />;
  if ((params = match('/app/recipes/:id/markets', pathname))) return <Markets id={params.id!} />;
  if ((params = match('/app/recipes/:id', pathname))) return <Builder id={params.id!} />;
  if (pathname === '/app/import') return <Import />;
  if (pathname === '/app/ingredients') return <Ingredients />;
  if (pathname === '/app/ingredients/new') return <IngredientForm key="new" id={null} />;
  if ((params = match('/app/ingredients/:id', pathname))) return <IngredientForm key={params.id} id={params.id!} />;
  if (pathname === '/app/account') return <Account />;
  return (
    <section>
      <Title text="Page not found" />
      <p>
        There is nothing at this address. <Link href="/app/recipes">Go to your recipes</Link>.
      </p>
    </section>
  );
}

function App() {
  const session = useSession();
  const { pathname } = useLocation();
  const signPage = pathname === '/app/sign-in' || pathname === '/app/sign-up';

  useEffect(() => {
    if (session.status === 'signed-out' && !signPage) {
      const next = pathname.startsWith('/app/') && pathname !== '/app' ? `?next=${encodeURIComponent(pathname + location.search)}` : '';
      navigate(`/app/sign-in${next}`, { replace: true });
    } else if (session.status === 'signed-in' && (signPage || pathname === '/app' || pathname === '/')) {
      navigate('/app/recipes', { replace: true });
    }
  }, [session.status, pathname, signPage]);

  if (session.status === 'loading') return <p class="boot">Loading…</p>;
  if (session.status === 'signed-out') {
    return <PlainLayout>{pathname === '/app/sign-up' ? <SignUp /> : <SignIn />}</PlainLayout>;
  }
  if (signPage) return <p class="boot">Loading…</p>;
  return (
    <Layout account={session.account} pathname={pathname}>
      <Screen pathname={pathname} />
    </Layout>
  );
}

setUnauthorizedHandler(() => dropSession());
const root = document.getElementById('root');
if (root) {
  root.replaceChildren();
  render(<App />, root);
  void loadSession();
}
