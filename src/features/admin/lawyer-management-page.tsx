/**
 * /admin/lawyers (docs/product.md §2 lawyer-management): every lawyer profile by status — All, Pending (the
 * queue, oldest first), Approved, Rejected — ten to a page. Tab and page live in the address.
 */
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import { VerificationStatusSchema, type VerificationStatus } from '../../../contract/enums';
import { ForRole } from '../../components/access/role-notice';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { Pagination } from '../../components/pagination/pagination';
import { LinkTabs } from '../../components/tabs/link-tabs';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminMessages } from './admin-messages';
import { useAdminLawyersQuery, usePendingLawyersQuery } from './api/admin-api';
import { LawyerList } from './lawyer-row';
import './admin.css';

type Tab = VerificationStatus | 'ALL';
const TABS: readonly Tab[] = ['ALL', 'PENDING', 'APPROVED', 'REJECTED'];

function listAddress(tab: Tab, page = 0): string {
  const params = new URLSearchParams();
  if (tab !== 'ALL') params.set('status', tab);
  if (page > 0) params.set('page', String(page + 1));
  const query = params.toString();
  return `/admin/lawyers${query ? `?${query}` : ''}`;
}

export function LawyerManagementPage() {
  const t = useT(adminMessages);
  useDocumentTitle(t('manageTitle'));
  return (
    <ForRole only="ADMIN" title={t('manageTitle')}>
      <LawyerManagement />
    </ForRole>
  );
}

function LawyerManagement() {
  const t = useT(adminMessages);
  const [params] = useSearchParams();
  const status = VerificationStatusSchema.options.find((s) => s === params.get('status'));
  const tab: Tab = status ?? 'ALL';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;

  // The pending tab is the queue (oldest first); the others list by status.
  const queue = usePendingLawyersQuery({ page, size: DEFAULT_PAGE_SIZE }, { skip: tab !== 'PENDING' });
  const list = useAdminLawyersQuery({ status, page, size: DEFAULT_PAGE_SIZE }, { skip: tab === 'PENDING' });
  const { data, error, isFetching, refetch } = tab === 'PENDING' ? queue : list;

  return (
    <div className="container page admin-page">
      <header>
        <h1>{t('manageTitle')}</h1>
        <p className="muted">{t('manageIntro')}</p>
      </header>
      <LinkTabs
        label={t('tabs')}
        current={tab}
        tabs={TABS.map((key) => ({ key, label: t(`tab.${key}`), to: listAddress(key) }))}
      />
      <section aria-label={t(`tab.${tab}`)} aria-busy={isFetching}>
        {isFetching && !data && <LoadingState label={t('listLoading')} />}
        {error && !isFetching && <ErrorState error={error} title={t('listFailed')} onRetry={() => void refetch()} />}
        {data && data.lawyers.length === 0 && !error && <EmptyState title={t(`empty.${tab}`)} />}
        {data && data.lawyers.length > 0 && <LawyerList lawyers={data.lawyers} />}
        {data?.page && (
          <Pagination page={page} totalPages={data.page.totalPages} hrefFor={(p) => listAddress(tab, p)} />
        )}
      </section>
    </div>
  );
}
