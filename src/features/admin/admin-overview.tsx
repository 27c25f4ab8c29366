/**
 * The admin dashboard's live panel (composed into the dashboard by src/app): the counts from
 * GET /admin/stats and the oldest lawyers waiting for verification.
 */
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { adminMessages, type AdminMessageKey } from './admin-messages';
import { useAdminStatsQuery, usePendingLawyersQuery } from './api/admin-api';
import { LawyerList } from './lawyer-row';
import './admin.css';

const QUEUE_SIZE = 5;

export function AdminOverview() {
  return (
    <>
      <StatsPanel />
      <QueuePanel />
    </>
  );
}

function StatsPanel() {
  const t = useT(adminMessages);
  const { lang } = useLang();
  const { data: stats, error, isLoading, refetch } = useAdminStatsQuery();
  const n = (value: number) => formatNumber(value, lang, 0);

  let body;
  if (isLoading) body = <LoadingState label={t('statsLoading')} />;
  else if (!stats) body = <ErrorState error={error} title={t('statsFailed')} onRetry={() => void refetch()} />;
  else {
    const tiles: { label: AdminMessageKey; value: string; detail?: string; to?: string; urgent?: boolean }[] = [
      {
        label: 'pending',
        value: n(stats.lawyers.PENDING),
        to: '/admin/lawyers?status=PENDING',
        urgent: stats.lawyers.PENDING > 0,
      },
      { label: 'approved', value: n(stats.lawyers.APPROVED), to: '/admin/lawyers?status=APPROVED' },
      { label: 'rejected', value: n(stats.lawyers.REJECTED), to: '/admin/lawyers?status=REJECTED' },
      { label: 'withoutProfile', value: n(stats.lawyers.withoutProfile) },
      { label: 'users', value: n(stats.users.total) },
      { label: 'clients', value: n(stats.users.clients) },
      { label: 'lawyers', value: n(stats.users.lawyers) },
      {
        label: 'cases',
        value: n(stats.cases.total),
        detail: t('casesDetail', { open: n(stats.cases.inProgress), resolved: n(stats.cases.resolved) }),
      },
      { label: 'openFeedback', value: n(stats.feedback.open), to: '/admin/feedback', urgent: stats.feedback.open > 0 },
      {
        label: 'openComplaints',
        value: n(stats.complaints.open),
        to: '/admin/complaints',
        urgent: stats.complaints.open > 0,
      },
    ];
    if (stats.paymentsHeld) {
      tiles.push({
        label: 'held',
        value: formatMoney(stats.paymentsHeld.amount, lang),
        detail: t('heldDetail', { count: n(stats.paymentsHeld.count) }),
      });
    }
    body = (
      <ul className="stat-tiles">
        {tiles.map((tile) => {
          const content = (
            <>
              <span className="stat-value">{tile.value}</span>
              <span className="stat-label">{t(tile.label)}</span>
              {tile.detail && <span className="stat-detail">{tile.detail}</span>}
            </>
          );
          return (
            <li key={tile.label} className={tile.urgent ? 'is-urgent' : undefined}>
              {tile.to ? (
                <Link to={tile.to} className="stat-tile">
                  {content}
                </Link>
              ) : (
                <div className="stat-tile">{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title">{t('statsTitle')}</h2>
      {body}
    </section>
  );
}

function QueuePanel() {
  const t = useT(adminMessages);
  const { data, error, isLoading, refetch } = usePendingLawyersQuery({ page: 0, size: QUEUE_SIZE });
  return (
    <section className="card" aria-labelledby="queue-title">
      <h2 id="queue-title">{t('queueTitle')}</h2>
      <p className="muted">{t('queueIntro')}</p>
      {isLoading && <LoadingState label={t('queueLoading')} />}
      {error && !data && <ErrorState error={error} title={t('queueFailed')} onRetry={() => void refetch()} />}
      {data && data.lawyers.length === 0 && <EmptyState title={t('queueEmpty')} />}
      {data && data.lawyers.length > 0 && (
        <>
          <LawyerList lawyers={data.lawyers} />
          <Link to="/admin/lawyers?status=PENDING">{t('seeAllPending')}</Link>
        </>
      )}
    </section>
  );
}
