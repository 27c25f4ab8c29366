/**
 * The three dashboards (docs/product.md §2): the signed-in user's real account data from GET /user/user-info
 * and the next things they can do. Features add their live panels (the lawyer's verification and
 * profile completeness, the admin's counts and queue, "Send feedback") through `panel` and
 * `aside`, the calendar through `calendar` and the payments through `payments`, composed in
 * src/app. A user on another role's dashboard (docs/product.md §2 guards only "signed in" for /dashboard/admin)
 * is shown the way to theirs.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Role } from '../../../contract/auth';
import { ROLE_NAMES } from '../../../contract/enums';
import { StaleNote } from '../../components/offline/stale-note';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { sessionApi, useUserInfoQuery } from '../../lib/session/session-api';
import { selectRole } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dashboardMessages } from './dashboard-messages';
import { NEXT_STEPS } from './next-steps';
import Button from '@mui/material/Button';
import './dashboard.css';

interface DashboardPageProps {
  kind: Role;
  /** The role's live panel, right under the greeting. */
  panel?: ReactNode;
  /** The calendar section (`#calendar`, where /scheduling lands), for clients and lawyers. */
  calendar?: ReactNode;
  /** The payments section (`#payments`), for clients and lawyers. */
  payments?: ReactNode;
  /** Shown last. */
  aside?: ReactNode;
}

export function DashboardPage({ kind, panel, calendar, payments, aside }: DashboardPageProps) {
  const t = useT(dashboardMessages);
  const role = useSessionSelector(selectRole);
  useDocumentTitle(t(`title${kind}`));

  if (role && role !== kind) {
    return (
      <section className="container page page-narrow">
        <h1>{t(`title${kind}`)}</h1>
        <p className="alert alert-error" role="alert">
          {t(`wrongDashboard${kind}`)}
        </p>
        <Button component={Link} variant="contained" to={dashboardPath(role)}>
          {t('ownDashboard')}
        </Button>
      </section>
    );
  }
  return <Dashboard kind={kind} panel={panel} calendar={calendar} payments={payments} aside={aside} />;
}

function Dashboard({ kind, panel, calendar, payments, aside }: DashboardPageProps) {
  const t = useT(dashboardMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const { data: user, error, isLoading, isFetching, refetch } = useUserInfoQuery();

  return (
    <div className="container page dashboard">
      <header className="dashboard-head">
        <p className="dashboard-kicker">{t(`title${kind}`)}</p>
        <h1>{user ? t('welcome', { name: user.firstName || user.email }) : t(`title${kind}`)}</h1>
        <p className="muted">{t(`intro${kind}`)}</p>
        <StaleNote endpoint={sessionApi.endpoints.userInfo} args={undefined} />
      </header>

      {isLoading && (
        <p role="status" className="muted">
          {t('loading')}
        </p>
      )}
      {error && !isFetching && (
        <div className="alert alert-error" role="alert">
          <p>{t('loadFailed')}</p>
          <p>{tx(formErrorText(error, ''))}</p>
          <Button variant="outlined" type="button" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}

      {panel}

      {user && (
        <section className="card dashboard-account" aria-labelledby="account-title">
          <h2 id="account-title">{t('account')}</h2>
          <dl>
            <div>
              <dt>{t('name')}</dt>
              <dd>{`${user.firstName} ${user.lastName}`.trim()}</dd>
            </div>
            <div>
              <dt>{t('email')}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{t('role')}</dt>
              <dd>{ROLE_NAMES[user.role][lang]}</dd>
            </div>
            <div>
              <dt>{t('verification')}</dt>
              <dd className={user.emailVerified ? 'is-verified' : 'is-unverified'}>
                {user.emailVerified ? `✓ ${t('verified')}` : t('notVerified')}
              </dd>
            </div>
            <div>
              <dt>{t('memberSince')}</dt>
              <dd>{formatDate(user.createdAt, lang)}</dd>
            </div>
          </dl>
          <Link to="/profile">{t('editProfile')}</Link>
        </section>
      )}

      <section aria-labelledby="next-title">
        <h2 id="next-title">{t('nextSteps')}</h2>
        <ul className="next-steps">
          {NEXT_STEPS[kind].map((step) => (
            <li key={step.card}>
              <Link to={step.to} className="next-step">
                <strong>{t(`card.${step.card}`)}</strong>
                <span>{t(`card.${step.card}.body`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {kind !== 'ADMIN' && calendar}

      {kind !== 'ADMIN' && payments}

      {aside}
    </div>
  );
}
