/** /admin/feedback: all feedback by status, newest first; the admin answers and resolves. */
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import { displayName } from '../../../contract/enums';
import {
  FEEDBACK_CATEGORY_NAMES,
  FEEDBACK_STATUS_NAMES,
  FeedbackStatusSchema,
  type Feedback,
  type FeedbackStatus,
} from '../../../contract/feedback';
import { enumOptions } from '../../components/form/select-field';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { AdminInbox } from './admin-inbox';
import { useFeedbackListQuery, useUpdateFeedbackMutation } from './api/feedback-api';
import { feedbackMessages } from './feedback-messages';
import { readInbox } from './inbox-query';
import { InboxAnswer } from './inbox-answer';

export function AdminFeedbackPage() {
  const t = useT(feedbackMessages);
  const { lang } = useLang();
  const [params] = useSearchParams();
  const { status, page } = readInbox<FeedbackStatus>(params, FeedbackStatusSchema.options);
  const query = useFeedbackListQuery({ status, page, size: DEFAULT_PAGE_SIZE });
  const [update] = useUpdateFeedbackMutation();
  const statuses = enumOptions(FeedbackStatusSchema.options, FEEDBACK_STATUS_NAMES, lang);

  const renderItem = (item: Feedback) => {
    const sender = `${item.sender.firstName} ${item.sender.lastName}`.trim();
    return (
      <>
        <p className="inbox-meta">
          <span className={`status-badge is-${item.status === 'RESOLVED' ? 'approved' : 'pending'}`}>
            {displayName(FEEDBACK_STATUS_NAMES, item.status, lang)}
          </span>
          <strong>{displayName(FEEDBACK_CATEGORY_NAMES, item.category, lang)}</strong>
          <span className="muted">{t('received', { date: formatDate(item.createdAt, lang) })}</span>
        </p>
        <p className="muted">{t('from', { name: sender, email: item.sender.email })}</p>
        {item.pagePath && <p className="muted">{t('onPage', { path: item.pagePath })}</p>}
        <p className="inbox-text">{item.message}</p>
        <InboxAnswer response={item.response} />
      </>
    );
  };

  return (
    <AdminInbox
      title={t('adminFeedbackTitle')}
      intro={t('adminFeedbackIntro')}
      base="/admin/feedback"
      statuses={statuses}
      status={status}
      page={page}
      query={query}
      empty={t('emptyFeedback')}
      renderItem={renderItem}
      answerLabel={(item) => `${t('respond')}: ${item.sender.firstName} ${item.sender.lastName}`.trim()}
      proposedStatus={(item) => (item.status === 'OPEN' ? 'RESOLVED' : item.status)}
      save={(item, next, response) => update({ id: item.id, status: next, response }).unwrap()}
    />
  );
}
