import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { loginHref, sessionQuery, signOut } from '../api/session';
import { useI18n } from '../lib/i18n';

/**
 * Who is signed in, in the top bar, with sign-out; and the sign-in page shown instead of any page while
 * nobody is (servers shared with sign-in: AUTH_MODE=proxy or oidc). On a loopback server without
 * sign-in neither appears.
 */

function useReturnPath(): string {
  return useRouterState({ select: (state) => state.location.href });
}

export function SessionStatus() {
  const { t } = useI18n();
  const session = useQuery(sessionQuery());
  const queryClient = useQueryClient();
  const returnTo = useReturnPath();
  const data = session.data;
  if (!data || data.mode === 'none') return null;
  if (data.user === null) {
    return data.login ? (
      <a className="btn btn--small" href={loginHref(returnTo)}>
        {t('session.signIn')}
      </a>
    ) : null;
  }
  return (
    <span className="session" data-testid="session-user">
      <span className="session__name" title={t('session.signedInAs', { name: data.user.name })}>
        {data.user.name}
        {data.user.admin && <span className="session__admin"> · {t('session.admin')}</span>}
      </span>
      {data.mode === 'oidc' && (
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={() => {
            void signOut().then(() => {
              queryClient.clear();
              window.location.assign('/');
            });
          }}
        >
          {t('session.signOut')}
        </button>
      )}
    </span>
  );
}

export function SignInGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const session = useQuery(sessionQuery());
  const returnTo = useReturnPath();
  const data = session.data;
  if (!data || data.mode === 'none' || data.user !== null) return <>{children}</>;
  return (
    <section className="panel sign-in" data-testid="sign-in">
      <h1 className="panel__title">{t('session.title')}</h1>
      <p>{t('session.intro')}</p>
      {data.login ? (
        <a className="btn" href={loginHref(returnTo)}>
          {t('session.signIn')}
        </a>
      ) : (
        <p className="muted">{t('session.proxyHint')}</p>
      )}
    </section>
  );
}
