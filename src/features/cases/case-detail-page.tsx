/**
 * /case/{id} (docs/product.md §2 case-detail): the case's header (title, status, description, the two parties,
 * dates), the lawyer's actions (edit, resolve, reopen), "Message" to the other party, and tabs for
 * notes, documents, the schedule and — once RESOLVED — the review. The tab lives in the address
 * (?tab=documents) so a notification's link and a reload land on the same place. The schedule tab's
 * content comes from the composing screen (features do not import each other).
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Case } from '../../../contract/cases';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { FormAlert } from '../../components/form/form-alert';
import { StaleNote } from '../../components/offline/stale-note';
import { LinkTabs } from '../../components/tabs/link-tabs';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { casesApi, useCaseQuery, useSetCaseStatusMutation, useUpdateCaseMutation } from './api/cases-api';
import { otherParty, personName, StatusBadge } from './case-fields';
import { CaseForm } from './case-form';
import { casesMessages } from './cases-messages';
import { useCaseText } from './cases-text';
import { DocumentsTab } from './documents-tab';
import { NotesTab } from './notes-tab';
import { ReviewPanel } from './review-panel';
import Button from '@mui/material/Button';
import './cases.css';

const TABS = ['notes', 'documents', 'schedule', 'review'] as const;
type Tab = (typeof TABS)[number];

export interface CaseDetailPageProps {
  /** The schedule tab's content for this case. */
  schedule?: (item: Case) => ReactNode;
  /** Extra sections for the signed-in party (e.g. a complaint about the lawyer). */
  aside?: (item: Case) => ReactNode;
}

export function CaseDetailPage({ schedule, aside }: CaseDetailPageProps) {
  const t = useT(casesMessages);
  const { id = '' } = useParams();
  const { data: item, error, isLoading, refetch } = useCaseQuery(id, { skip: !id });
  useDocumentTitle(item?.title ?? t('caseLoading'));

  if (isLoading) return <LoadingState label={t('caseLoading')} />;
  if (!item) {
    const missing = isAppError(error) && (error.status === 404 || error.status === 400);
    return (
      <div className="container page">
        <Link to="/cases">← {t('backToCases')}</Link>
        {missing ? (
          <p className="card">{t('caseMissing')}</p>
        ) : (
          <ErrorState error={error} title={t('caseFailed')} onRetry={() => void refetch()} />
        )}
      </div>
    );
  }
  return <CaseView item={item} schedule={schedule} aside={aside} />;
}

function CaseView({ item, schedule, aside }: { item: Case } & CaseDetailPageProps) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const { lang } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useSessionSelector(selectUser);
  const isLawyer = me?.id === item.lawyer.id;
  const other = otherParty(item, me?.id);
  const [editing, setEditing] = useState(false);
  const needs = useNeedsNetwork();
  const [updateCase] = useUpdateCaseMutation();
  const [setStatus, { isLoading: changing }] = useSetCaseStatusMutation();
  const [statusFailure, setStatusFailure] = useState<string | null>(null);

  const resolved = item.status === 'RESOLVED';
  const tabs: Tab[] = resolved ? [...TABS] : TABS.filter((tab) => tab !== 'review');
  const requested = params.get('tab');
  const tab: Tab = tabs.find((candidate) => candidate === requested) ?? 'notes';
  const tabLabel: Record<Tab, string> = {
    notes: t('tabNotes'),
    documents: t('tabDocuments'),
    schedule: t('tabSchedule'),
    review: t('tabReview'),
  };

  const toggleStatus = async () => {
    setStatusFailure(null);
    try {
      await setStatus({ id: item.caseId, body: { status: resolved ? 'IN_PROGRESS' : 'RESOLVED' } }).unwrap();
    } catch (error) {
      setStatusFailure(tc(formErrorText(error, t('statusFailed'))));
    }
  };

  return (
    <div className="container page case-detail">
      <Link to="/cases" className="case-back">
        ← {t('backToCases')}
      </Link>
      <header className="card case-header">
        {editing ? (
          <>
            <h1 className="visually-hidden">{item.title}</h1>
            <h2>{t('editTitle')}</h2>
            <CaseForm
              mode="edit"
              initial={item}
              onCancel={() => setEditing(false)}
              onSubmit={async (body) => {
                await updateCase({ id: item.caseId, body }).unwrap();
                setEditing(false);
              }}
            />
          </>
        ) : (
          <>
            <div className="case-title-row">
              <h1>{item.title}</h1>
              <StatusBadge status={item.status} />
            </div>
            <p className={item.description ? 'case-description' : 'case-description muted'}>
              {item.description || t('noDescription')}
            </p>
            <dl className="case-parties" aria-label={t('parties')}>
              <div>
                <dt>{t('lawyerLabel')}</dt>
                <dd>
                  {personName(item.lawyer)}
                  {item.lawyer.firm && <span className="muted"> · {item.lawyer.firm}</span>}
                  <br />
                  <a href={`mailto:${item.lawyer.email}`}>{item.lawyer.email}</a>
                </dd>
              </div>
              <div>
                <dt>{t('clientLabel')}</dt>
                <dd>
                  {personName(item.client)}
                  <br />
                  <a href={`mailto:${item.client.email}`}>{item.client.email}</a>
                </dd>
              </div>
            </dl>
            <p className="muted case-dates">
              {t('opened', { date: formatDate(item.createdAt, lang) })} ·{' '}
              {t('updated', { date: formatDate(item.updatedAt, lang) })}
            </p>
            <FormAlert error={statusFailure} />
            <div className="case-actions">
              <Button
                variant="contained"
                type="button"
                onClick={() => void navigate('/chat', { state: { receiverId: other.id, draft: '' } })}
              >
                {t('message', { name: personName(other) })}
              </Button>
              {isLawyer && (
                <>
                  <Button
                    variant="outlined"
                    type="button"
                    disabled={needs.disabled}
                    aria-describedby={needs.describedBy}
                    onClick={() => setEditing(true)}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    variant="outlined"
                    type="button"
                    onClick={() => void toggleStatus()}
                    disabled={changing || needs.disabled}
                    aria-describedby={needs.describedBy}
                  >
                    {resolved ? t('reopen') : t('resolve')}
                  </Button>
                </>
              )}
            </div>
            {isLawyer && <NeedsNetworkNote needs={needs} />}
          </>
        )}
        <StaleNote endpoint={casesApi.endpoints.case} args={item.caseId} />
      </header>

      <LinkTabs
        label={t('tabsLabel')}
        current={tab}
        tabs={tabs.map((key) => ({
          key,
          label: tabLabel[key],
          to: key === 'notes' ? `/case/${item.caseId}` : `/case/${item.caseId}?tab=${key}`,
        }))}
      />
      <section className="case-tab" aria-label={tabLabel[tab]}>
        {tab === 'notes' && <NotesTab caseId={item.caseId} myId={me?.id ?? ''} otherName={personName(other)} />}
        {tab === 'documents' && <DocumentsTab caseId={item.caseId} myId={me?.id ?? ''} />}
        {tab === 'schedule' && schedule?.(item)}
        {tab === 'review' && <ReviewPanel item={item} isClient={me?.id === item.client.id} />}
      </section>
      {aside?.(item)}
    </div>
  );
}
