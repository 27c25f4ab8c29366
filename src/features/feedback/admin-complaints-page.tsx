/** /admin/complaints: complaints about lawyers by status, newest first; review, answer, resolve or dismiss. */
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import { displayName } from '../../../contract/enums';
import {
  COMPLAINT_CATEGORY_NAMES,
  COMPLAINT_STATUS_NAMES,
  ComplaintStatusSchema,
  type Complaint,
  type ComplaintStatus,
} from '../../../contract/feedback';
import { enumOptions } from '../../components/form/select-field';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { AdminInbox } from './admin-inbox';
import { useComplaintListQuery, useUpdateComplaintMutation } from './api/feedback-api';
import { feedbackMessages } from './feedback-messages';
import { InboxAnswer } from './inbox-answer';
import { readInbox } from './inbox-query';

const BADGE: Record<ComplaintStatus, string> = {
  OPEN: 'pending',
  IN_REVIEW: 'pending',
  RESOLVED: 'approved',
  DISMISSED: 'none',
};

export function AdminComplaintsPage() {
  const t = useT(feedbackMessages);
  const { lang } = useLang();
  const [params] = useSearchParams();
  const { status, page } = readInbox<ComplaintStatus>(params, ComplaintStatusSchema.options);
  const query = useComplaintListQuery({ status, page, size: DEFAULT_PAGE_SIZE });
  const [update] = useUpdateComplaintMutation();
  const statuses = enumOptions(ComplaintStatusSchema.options, COMPLAINT_STATUS_NAMES, lang);

  const renderItem = (item: Complaint) => {
    const from = `${item.complainant.firstName} ${item.complainant.lastName}`.trim();
    const lawyer = `${item.lawyer.firstName} ${item.lawyer.lastName}`.trim();
    return (
      <>
        <p className="inbox-meta">
          <span className={`status-badge is-${BADGE[item.status]}`}>
            {displayName(COMPLAINT_STATUS_NAMES, item.status, lang)}
          </span>
          <strong>{displayName(COMPLAINT_CATEGORY_NAMES, item.category, lang)}</strong>
          <span className="muted">{t('received', { date: formatDate(item.createdAt, lang) })}</span>
        </p>
        <p className="muted">{t('from', { name: from, email: item.complainant.email })}</p>
        <p>
          <Link to={`/lawyers/${encodeURIComponent(item.lawyer.email)}/details`}>
            {t('about', { name: lawyer, email: item.lawyer.email })}
          </Link>
        </p>
        {item.caseTitle && <p className="muted">{t('aboutCase', { title: item.caseTitle })}</p>}
        <p className="inbox-text">{item.description}</p>
        <InboxAnswer response={item.response} />
        {item.resolvedAt && <p className="muted">{t('resolvedOn', { date: formatDate(item.resolvedAt, lang) })}</p>}
      </>
    );
  };

  return (
    <AdminInbox
      title={t('adminComplaintsTitle')}
      intro={t('adminComplaintsIntro')}
      base="/admin/complaints"
      statuses={statuses}
      status={status}
      page={page}
      query={query}
      empty={t('emptyComplaints')}
      renderItem={renderItem}
      answerLabel={(item) =>
        `${t('respond')}: ${item.complainant.firstName} ${item.complainant.lastName} — ${item.lawyer.firstName} ${item.lawyer.lastName}`
      }
      proposedStatus={(item) => (item.status === 'OPEN' ? 'IN_REVIEW' : item.status)}
      save={(item, next, response) => update({ id: item.id, status: next, response }).unwrap()}
    />
  );
}
