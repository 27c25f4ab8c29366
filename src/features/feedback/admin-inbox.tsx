/**
 * The frame the admin's Feedback and Complaints screens share: title, status tabs and page in the
 * address, loading/error/empty states, the list with an answer form per item, paging, and one
 * status line that says when an answer was saved (the answered item may leave the filtered list,
 * taking its own form with it).
 */
import { useState, type ReactNode } from 'react';
import { ForRole } from '../../components/access/role-notice';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import type { SelectOption } from '../../components/form/select-field';
import { Pagination } from '../../components/pagination/pagination';
import { LinkTabs } from '../../components/tabs/link-tabs';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AnswerForm } from './answer-form';
import type { ListPage } from './api/feedback-api';
import { feedbackMessages } from './feedback-messages';
import { inboxAddress } from './inbox-query';
import './feedback.css';

interface InboxQuery<T> {
  data?: ListPage<T>;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** What every inbox item has: the answer form works on these. */
interface InboxItem<S extends string> {
  id: string;
  status: S;
  response: string | null;
  updatedAt: string;
}

interface AdminInboxProps<S extends string, T extends InboxItem<S>> {
  title: string;
  intro: string;
  /** The screen's path (/admin/feedback). */
  base: string;
  statuses: readonly SelectOption[];
  status: string | undefined;
  page: number;
  query: InboxQuery<T>;
  empty: string;
  /** What the item says (the answer form is added under it). */
  renderItem: (item: T) => ReactNode;
  /** The answer form: its accessible name, the status it proposes, and the save call. */
  answerLabel: (item: T) => string;
  proposedStatus: (item: T) => S;
  save: (item: T, status: S, response: string | null) => Promise<unknown>;
}

export function AdminInbox<S extends string, T extends InboxItem<S>>(props: AdminInboxProps<S, T>) {
  useDocumentTitle(props.title);
  return (
    <ForRole only="ADMIN" title={props.title}>
      <Inbox {...props} />
    </ForRole>
  );
}

function Inbox<S extends string, T extends InboxItem<S>>({
  title,
  intro,
  base,
  statuses,
  status,
  page,
  query,
  empty,
  renderItem,
  answerLabel,
  proposedStatus,
  save,
}: AdminInboxProps<S, T>) {
  const t = useT(feedbackMessages);
  const [saved, setSaved] = useState(false);
  const { data, error, isFetching, refetch } = query;
  const current = statuses.find((s) => s.value === status);

  return (
    <div className="container page admin-inbox">
      <header>
        <h1>{title}</h1>
        <p className="muted">{intro}</p>
      </header>
      <LinkTabs
        label={t('statusFilter')}
        current={status ?? 'ALL'}
        tabs={[
          { key: 'ALL', label: t('all'), to: base },
          ...statuses.map((s) => ({ key: s.value, label: s.label, to: inboxAddress(base, s.value) })),
        ]}
      />
      <p role="status" className={saved ? 'fold-status alert alert-success' : 'fold-status'}>
        {saved && t('saved')}
      </p>
      <section aria-label={current?.label ?? t('all')} aria-busy={isFetching}>
        {isFetching && !data && <LoadingState label={t('listLoading')} />}
        {Boolean(error) && !isFetching && (
          <ErrorState error={error} title={t('listFailed')} onRetry={() => void refetch()} />
        )}
        {data && data.items.length === 0 && !error && <EmptyState title={empty} />}
        {data && data.items.length > 0 && (
          <ul className="inbox-list">
            {data.items.map((item) => (
              <li key={item.id} className="inbox-item card">
                {renderItem(item)}
                <AnswerForm<S>
                  key={`${item.id}-${item.updatedAt}`}
                  label={answerLabel(item)}
                  statuses={statuses}
                  status={proposedStatus(item)}
                  response={item.response}
                  onSave={(status, response) => save(item, status, response)}
                  onSaved={() => setSaved(true)}
                />
              </li>
            ))}
          </ul>
        )}
        {data?.page && (
          <Pagination page={page} totalPages={data.page.totalPages} hrefFor={(p) => inboxAddress(base, status, p)} />
        )}
      </section>
    </div>
  );
}
