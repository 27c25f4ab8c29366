/** "My feedback": what the user sent and the team's answers, newest first, a few at a time. */
import { useState } from 'react';
import { FEEDBACK_CATEGORY_NAMES, FEEDBACK_STATUS_NAMES } from '../../../contract/feedback';
import { displayName } from '../../../contract/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { Pagination } from '../../components/pagination/pagination';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useMyFeedbackQuery } from './api/feedback-api';
import { feedbackMessages } from './feedback-messages';
import { InboxAnswer } from './inbox-answer';

const PAGE_SIZE = 5;

export function MyFeedback() {
  const t = useT(feedbackMessages);
  const { lang } = useLang();
  const [page, setPage] = useState(0);
  const { data, error, isLoading, refetch } = useMyFeedbackQuery({ page, size: PAGE_SIZE });
  return (
    <div className="my-feedback">
      <h3>{t('mineTitle')}</h3>
      {isLoading && <LoadingState label={t('mineLoading')} />}
      {error && !data && <ErrorState error={error} title={t('mineFailed')} onRetry={() => void refetch()} />}
      {data && data.items.length === 0 && <EmptyState title={t('mineEmpty')} />}
      {data && data.items.length > 0 && (
        <ul className="inbox-list">
          {data.items.map((item) => (
            <li key={item.id} className="inbox-item">
              <p className="inbox-meta">
                <span className={`status-badge is-${item.status === 'RESOLVED' ? 'approved' : 'pending'}`}>
                  {displayName(FEEDBACK_STATUS_NAMES, item.status, lang)}
                </span>
                <span>{displayName(FEEDBACK_CATEGORY_NAMES, item.category, lang)}</span>
                <span className="muted">{t('sentOn', { date: formatDate(item.createdAt, lang) })}</span>
              </p>
              <p className="inbox-text">{item.message}</p>
              {item.response ? <InboxAnswer response={item.response} /> : <p className="muted">{t('noAnswerYet')}</p>}
            </li>
          ))}
        </ul>
      )}
      {data?.page && <Pagination page={page} totalPages={data.page.totalPages} onPage={setPage} />}
    </div>
  );
}
