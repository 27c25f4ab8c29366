/**
 * /find-lawyer (docs/product.md §2): search verified lawyers. Every filter, the sort and the page live in the
 * address (see search-params.ts), so a search can be shared, survives a reload, and back/forward
 * step through searches. The API is for clients and the admin; a lawyer is told so, kindly, and
 * an unverified client is shown the way to verification instead of a 403.
 */
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/constants';
import type { LawyerSortBy } from '../../../../contract/lawyers';
import { EmptyState, ErrorState, LoadingState } from '../../../components/async/list-states';
import { SelectField } from '../../../components/form/select-field';
import { Pagination } from '../../../components/pagination/pagination';
import { formatNumber } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { useListPageSize } from '../../../lib/offline/fetch-policy';
import { selectUser } from '../../../lib/session/session-slice';
import { useSessionSelector } from '../../../lib/store-hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFindLawyersQuery } from '../api/lawyers-api';
import { directoryMessages } from './directory-messages';
import { FiltersForm } from './filters-form';
import { LawyerCard, lawyerDetailsPath } from './lawyer-card';
import { DEFAULT_SEARCH, filtersToBody, parseSearch, searchToParams, type DirectorySearch } from './search-params';
import Button from '@mui/material/Button';
import './directory.css';

/** The orders the directory offers, as `SORT_BY.DIRECTION`. */
const SORT_CHOICES: readonly string[] = [
  'RELEVANCE.DESC',
  'RATING.DESC',
  'EXPERIENCE.DESC',
  'HOURLY_CHARGE.ASC',
  'HOURLY_CHARGE.DESC',
  'NEWEST.DESC',
];

export function FindLawyerPage() {
  const t = useT(directoryMessages);
  const user = useSessionSelector(selectUser);
  useDocumentTitle(t('title'));

  let note = null;
  if (user?.role === 'LAWYER') {
    note = (
      <section className="alert alert-info directory-note" aria-labelledby="lawyer-note-title">
        <h2 id="lawyer-note-title">{t('lawyerNoteTitle')}</h2>
        <p>{t('lawyerNote')}</p>
        <Link to={lawyerDetailsPath(user.email)}>{t('lawyerNoteLink')}</Link>
      </section>
    );
  } else if (user && !user.emailVerified) {
    note = (
      <p className="alert alert-info directory-note">
        {t('unverifiedNote')} <Link to="/email-verification">{t('verifyLink')}</Link>
      </p>
    );
  }

  return (
    <div className="container page directory">
      <header>
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </header>
      {note ?? <Directory />}
    </div>
  );
}

function Directory() {
  const t = useT(directoryMessages);
  const { lang } = useLang();
  const [params, setParams] = useSearchParams();
  const search = parseSearch(params);
  // Fewer lawyers per page on a slow link (src/lib/offline/fetch-policy.ts).
  const pageSize = useListPageSize(DEFAULT_PAGE_SIZE);
  const { data, currentData, error, isFetching, refetch } = useFindLawyersQuery({
    filters: filtersToBody(search),
    page: search.page,
    size: pageSize,
    sortDirection: search.sortDirection,
  });
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const paramsKey = params.toString();
  const shownPage = useRef(search.page);

  // A new page of results starts at its heading, not at the bottom where "Next" was.
  useEffect(() => {
    if (shownPage.current === search.page) return;
    shownPage.current = search.page;
    // Focus also scrolls the heading into view.
    resultsHeading.current?.focus();
  }, [search.page]);

  // An address past the last page (an old link, a search that has since shrunk) shows the last page
  // instead of "Showing 11–10 of 2" over "No lawyer matches"; replaced, so Back skips the dead page.
  const found = currentData?.page;
  const lastPage = found && found.totalCount > 0 ? Math.max(0, found.totalPages - 1) : null;
  const lastPageAddress =
    lastPage !== null && search.page > lastPage ? searchToParams({ ...search, page: lastPage }).toString() : null;
  const pastTheEnd = lastPageAddress !== null;
  useEffect(() => {
    if (lastPageAddress === null || lastPage === null) return;
    // Not the user paging: focus stays where it was.
    shownPage.current = lastPage;
    setParams(lastPageAddress, { replace: true });
  }, [lastPageAddress, lastPage, setParams]);

  const go = (next: DirectorySearch) => setParams(searchToParams(next));
  const hrefFor = (page: number) => {
    const next = searchToParams({ ...search, page }).toString();
    return next ? `?${next}` : '?';
  };
  const clear = () => go({ ...DEFAULT_SEARCH, sortBy: search.sortBy, sortDirection: search.sortDirection });

  const results = data?.results ?? [];
  const meta = data?.page;
  const total = meta?.totalCount ?? results.length;
  const from = search.page * pageSize + 1;
  // Until the last page replaces the address, this is still a search under way.
  const busy = isFetching || pastTheEnd;
  // One "Sort by" list of the orders people ask for ("Best match", "Lowest charge first", …): no
  // separate Order control, and no "Best match last". An order an old link asks for is still shown.
  const current = `${search.sortBy}.${search.sortDirection}`;
  const sortOptions = SORT_CHOICES.includes(current) ? SORT_CHOICES : [...SORT_CHOICES, current];

  return (
    <>
      {/* Remounted when the address changes (back/forward, "Clear"), so the form shows what applies. */}
      <FiltersForm
        key={paramsKey}
        filters={search.filters}
        onApply={(filters) => go({ ...search, filters, page: 0 })}
        onClear={clear}
      />
      <section className="directory-results" aria-labelledby="results-title">
        <div className="directory-results-head">
          <h2 id="results-title" ref={resultsHeading} tabIndex={-1}>
            {t('resultsTitle')}
          </h2>
          <div className="directory-sort">
            <SelectField
              label={t('sortBy')}
              name="sort"
              options={sortOptions.map((choice) => ({
                value: choice,
                label:
                  choice === 'RELEVANCE.DESC' ? t('sort.RELEVANCE') : t(`dir.${choice}` as `dir.${LawyerSortBy}.ASC`),
              }))}
              value={current}
              onChange={(e) => {
                const [sortBy, direction] = e.target.value.split('.') as [LawyerSortBy, string];
                go({ ...search, sortBy, sortDirection: direction === 'ASC' ? 'ASC' : 'DESC', page: 0 });
              }}
            />
          </div>
        </div>
        <p className="directory-count" role="status">
          {busy
            ? t('searching')
            : data && total > 0
              ? `${total === 1 ? t('foundOne') : t('found', { n: formatNumber(total, lang, 0) })} · ${t('showing', {
                  from: formatNumber(from, lang, 0),
                  to: formatNumber(from + results.length - 1, lang, 0),
                  total: formatNumber(total, lang, 0),
                })}`
              : ''}
        </p>
        {busy && !data && <LoadingState label={t('searching')} />}
        {error && !busy && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
        {data && !error && results.length === 0 && !busy && (
          <EmptyState title={t('noResults')}>
            <p className="muted">{t('noResultsHint')}</p>
            <Button variant="outlined" type="button" onClick={clear}>
              {t('clear')}
            </Button>
          </EmptyState>
        )}
        {results.length > 0 && (
          <ul className={`lawyer-results${busy ? ' is-stale' : ''}`} aria-busy={busy}>
            {results.map((lawyer) => (
              <li key={lawyer.userId}>
                <LawyerCard lawyer={lawyer} />
              </li>
            ))}
          </ul>
        )}
        {meta && !pastTheEnd && <Pagination page={search.page} totalPages={meta.totalPages} hrefFor={hrefFor} />}
      </section>
    </>
  );
}
