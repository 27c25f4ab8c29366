/**
 * The lawyer dashboard's live panel (composed into the dashboard by src/app): verification state,
 * a profile completeness checklist and the next steps that matter for this lawyer now.
 */
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/async/list-states';
import { VerificationBadge } from '../../../components/lawyer/lawyer-facts';
import { useT } from '../../../lib/i18n';
import { useAvailabilitySlotsQuery, useMyLawyerProfileQuery } from '../api/lawyers-api';
import { checklist, nextSteps } from './completeness';
import { lawyerDashboardMessages } from './lawyer-dashboard-messages';
import './lawyer-dashboard.css';

export function LawyerDashboardPanel() {
  const t = useT(lawyerDashboardMessages);
  const { data: profile, error, isLoading, refetch } = useMyLawyerProfileQuery();
  const { data: slots } = useAvailabilitySlotsQuery(undefined, { skip: !profile?.lawyerId });

  if (isLoading) return <LoadingState label={t('loading')} />;
  if (!profile) return <ErrorState error={error} title={t('loadFailed')} onRetry={() => void refetch()} />;

  const slotCount = slots?.length ?? 0;
  const items = checklist(profile, slotCount);
  const doneCount = items.filter((item) => item.done).length;
  const steps = nextSteps(profile, slotCount);

  return (
    <section className="card lawyer-panel" aria-labelledby="lawyer-panel-title">
      <h2 id="lawyer-panel-title">{t('title')}</h2>
      <p className="lawyer-panel-status">
        <span>{t('verification')}:</span> <VerificationBadge status={profile.verificationStatus} />
      </p>

      <h3 id="completeness-title">{t('completeness')}</h3>
      <div className="completeness">
        <progress
          max={items.length}
          value={doneCount}
          aria-labelledby="completeness-title"
          aria-valuetext={t('progress', { done: doneCount, total: items.length })}
        />
        <span aria-hidden="true">{t('progress', { done: doneCount, total: items.length })}</span>
      </div>
      <ul className="checklist">
        {items.map((item) => (
          <li key={item.key} className={item.done ? 'is-done' : undefined}>
            <span className="check-mark" aria-hidden="true">
              {item.done ? '✓' : '○'}
            </span>
            <span>{t(`check.${item.key}`)}</span>
            <span className="visually-hidden"> — {item.done ? t('done') : t('notDone')}</span>
          </li>
        ))}
      </ul>

      <h3>{t('nextTitle')}</h3>
      <ul className="lawyer-next-steps">
        {steps.map((step) => (
          <li key={step.key}>
            {step.to ? (
              <Link to={step.to} className="next-step">
                <strong>{t(`step.${step.key}`)}</strong>
                <span>{t(`step.${step.key}.body`)}</span>
              </Link>
            ) : (
              <div className="next-step is-static">
                <strong>{t(`step.${step.key}`)}</strong>
                <span>{t(`step.${step.key}.body`)}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {profile.verificationStatus === 'APPROVED' && (
        <Link to={`/lawyers/${encodeURIComponent(profile.email)}/details`}>{t('viewPublic')}</Link>
      )}
    </section>
  );
}
