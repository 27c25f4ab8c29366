/** One lawyer in an admin list: who, what, since when, status, and the way to the verification screen. */
import { Link } from 'react-router-dom';
import type { AdminLawyer } from '../../../contract/lawyers';
import { locationText, VerificationBadge } from '../../components/lawyer/lawyer-facts';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useAppDispatch } from '../../lib/store-hooks';
import { adminMessages } from './admin-messages';
import { rememberLawyer } from './api/admin-api';
import Button from '@mui/material/Button';

export function adminLawyerPath(lawyerId: string): string {
  return `/admin/lawyers/${encodeURIComponent(lawyerId)}`;
}

export function LawyerRow({ entry }: { entry: AdminLawyer }) {
  const t = useT(adminMessages);
  const { lang } = useLang();
  const dispatch = useAppDispatch();
  const { lawyer } = entry;
  const name = `${entry.user.firstName} ${entry.user.lastName}`.trim();
  const since = lawyer.lawyerCreatedAt ?? entry.user.createdAt;
  const place = locationText(lawyer, lang);
  return (
    <article className="admin-lawyer" aria-labelledby={`admin-lawyer-${entry.lawyerId}`}>
      <div className="admin-lawyer-main">
        <h3 id={`admin-lawyer-${entry.lawyerId}`}>{name}</h3>
        <p className="muted admin-lawyer-email">{entry.user.email}</p>
        <p>{[lawyer.firm, place].filter(Boolean).join(' · ')}</p>
        <p className="muted">
          {t('submitted', { date: formatDate(since, lang) })}
          {!lawyer.hasCredentials && <> · {t('noCertificate')}</>}
        </p>
      </div>
      <div className="admin-lawyer-side">
        <VerificationBadge status={lawyer.verificationStatus} />
        <Button
          component={Link}
          variant="outlined"
          to={adminLawyerPath(entry.lawyerId)}
          aria-label={t('reviewLawyer', { name })}
          onClick={() => dispatch(rememberLawyer(entry))}
        >
          {t('review')}
        </Button>
      </div>
    </article>
  );
}

/** Lawyers as an ordered list of rows (the queue's order matters). */
export function LawyerList({ lawyers }: { lawyers: readonly AdminLawyer[] }) {
  return (
    <ol className="admin-lawyer-list">
      {lawyers.map((entry) => (
        <li key={entry.lawyerId}>
          <LawyerRow entry={entry} />
        </li>
      ))}
    </ol>
  );
}
