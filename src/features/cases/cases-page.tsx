/**
 * /cases (docs/product.md §2 cases): my cases as a client or as a lawyer, newest first, with a status filter,
 * an order and pages — all three in the address, so a view survives reload and can be shared.
 * A lawyer opens a new case for a client from here.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CASE_STATUS_NAMES, CaseStatusSchema } from '../../../contract/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { StaleNote } from '../../components/offline/stale-note';
import { Pagination } from '../../components/pagination/pagination';
import { LinkTabs } from '../../components/tabs/link-tabs';
import { formatDate, formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useListPageSize } from '../../lib/offline/fetch-policy';
import { CASES_PAGE_SIZE, casesApi, useMyCasesQuery, useOpenCaseMutation } from './api/cases-api';
import { casesAddress, readCasesAddress } from './cases-address';
import { otherParty, personName, StatusBadge } from './case-fields';
import { CaseForm } from './case-form';
import { casesMessages } from './cases-messages';
import Button from '@mui/material/Button';
import './cases.css';
import { SelectField } from '../../components/form/select-field';
import { AwaitingApproval, useLawyerStanding } from '../lawyers/profile/awaiting-approval';

export function CasesPage() {
  const t = useT(casesMessages);
  const { lang } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Fewer cases per page on a slow link; the normal size stays out of the arguments, so the
  // cache key (and the device copy's URL) is the one it always was.
  const pageSize = useListPageSize(CASES_PAGE_SIZE);
  const read = readCasesAddress(params);
  const address = pageSize === CASES_PAGE_SIZE ? read : { ...read, size: pageSize };
  const user = useSessionSelector(selectUser);
  const isLawyer = user?.role === 'LAWYER';
  const [opening, setOpening] = useState(false);
  const standing = useLawyerStanding();
  const waiting = standing === 'pending' || standing === 'rejected';
  const [openCase] = useOpenCaseMutation();
  const { data, error, isFetching, refetch } = useMyCasesQuery(address);
  useDocumentTitle(t('title'));

  const totalPages = data?.page?.totalPages ?? 0;
  const total = data?.page?.totalCount ?? data?.cases.length ?? 0;

  return (
    <div className="container page cases-page">
      <header className="cases-head">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{isLawyer ? t('introLawyer') : t('introUser')}</p>
          <StaleNote endpoint={casesApi.endpoints.myCases} args={address} />
        </div>
        {isLawyer && !opening && !waiting && (
          <Button variant="contained" type="button" onClick={() => setOpening(true)}>
            {t('openCase')}
          </Button>
        )}
      </header>
      {isLawyer && waiting && <AwaitingApproval standing={standing} />}

      {isLawyer && opening && (
        <section className="card case-open" aria-labelledby="case-open-title">
          <h2 id="case-open-title">{t('openCaseTitle')}</h2>
          <p className="muted">{t('openCaseIntro')}</p>
          <CaseForm
            mode="open"
            onCancel={() => setOpening(false)}
            onSubmit={async (body) => {
              const created = await openCase(body).unwrap();
              void navigate(`/case/${created.caseId}`);
            }}
          />
        </section>
      )}

      <div className="cases-controls">
        <LinkTabs
          label={t('filterLabel')}
          current={address.status ?? 'ALL'}
          tabs={[
            { key: 'ALL', label: t('all'), to: casesAddress({ ...address, status: undefined, page: 0 }) },
            ...CaseStatusSchema.options.map((status) => ({
              key: status,
              label: CASE_STATUS_NAMES[status][lang],
              to: casesAddress({ ...address, status, page: 0 }),
            })),
          ]}
        />
        <SelectField
          className="cases-sort"
          label={t('sortLabel')}
          name="sort"
          value={address.sortDirection}
          options={[
            { value: 'DESC', label: t('newest') },
            { value: 'ASC', label: t('oldest') },
          ]}
          onChange={(event) =>
            void navigate(
              casesAddress({ ...address, sortDirection: event.target.value === 'ASC' ? 'ASC' : 'DESC', page: 0 }),
            )
          }
        />
      </div>

      <section aria-label={t('title')} aria-busy={isFetching}>
        {isFetching && !data && <LoadingState label={t('loading')} />}
        {Boolean(error) && !isFetching && !data && (
          <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />
        )}
        {data && data.cases.length === 0 && (
          <EmptyState title={address.status ? t('emptyFiltered') : t('emptyTitle')}>
            {!address.status && !isLawyer && (
              <>
                <p>{t('emptyUser')}</p>
                <Button component={Link} variant="contained" to="/find-lawyer">
                  {t('findLawyer')}
                </Button>
              </>
            )}
            {!address.status && isLawyer && <p>{t('emptyLawyer')}</p>}
          </EmptyState>
        )}
        {data && data.cases.length > 0 && (
          <>
            <p className="muted cases-count">{t('count', { n: formatNumber(total, lang, 0) })}</p>
            <ul className="case-list">
              {data.cases.map((item) => {
                const other = otherParty(item, user?.id);
                return (
                  <li key={item.caseId} className="card case-card">
                    <div className="case-card-head">
                      <h2>
                        <Link to={`/case/${item.caseId}`}>{item.title}</Link>
                      </h2>
                      <StatusBadge status={item.status} />
                    </div>
                    <p className="case-card-party">
                      <span className="muted">{other === item.lawyer ? t('lawyerLabel') : t('clientLabel')}: </span>
                      {personName(other)}
                      {other === item.lawyer && item.lawyer.firm ? ` · ${item.lawyer.firm}` : ''}
                    </p>
                    {item.description && <p className="case-card-description">{item.description}</p>}
                    <p className="muted case-card-dates">
                      {t('opened', { date: formatDate(item.createdAt, lang) })}
                      {item.updatedAt !== item.createdAt &&
                        ` · ${t('updated', { date: formatDate(item.updatedAt, lang) })}`}
                    </p>
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={address.page}
              totalPages={totalPages}
              hrefFor={(page) => casesAddress({ ...address, page })}
            />
          </>
        )}
      </section>
    </div>
  );
}
