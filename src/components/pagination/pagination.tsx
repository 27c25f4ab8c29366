/**
 * Material UI page buttons (‹ 1 … 4 5 6 … 9 ›) with the pages in the reader's digits, plus
 * "Page 2 of 7" for everyone. Pages are links when the page lives in the address (shareable, back
 * and forward work), buttons otherwise. Pages are 0-based like the API (contract/common.ts); people
 * see them 1-based.
 */
import MuiPagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { uiMessages } from '../ui-messages';
import './pagination.css';

interface PaginationProps {
  /** 0-based current page. */
  page: number;
  totalPages: number;
  /** The address of a page (links), or… */
  hrefFor?: (page: number) => string;
  /** …what to do when one is chosen (buttons). */
  onPage?: (page: number) => void;
}

export function Pagination({ page, totalPages, hrefFor, onPage }: PaginationProps) {
  const t = useT(uiMessages);
  const { lang } = useLang();
  if (totalPages <= 1) return null;
  const digits = (n: number) => formatNumber(n, lang, 0);
  return (
    <div className="pagination">
      <MuiPagination
        page={page + 1}
        count={totalPages}
        siblingCount={0}
        color="primary"
        aria-label={t('pagination')}
        onChange={hrefFor ? undefined : (_event, next) => onPage?.(next - 1)}
        getItemAriaLabel={(type, target) => {
          if (type === 'previous') return t('previous');
          if (type === 'next') return t('next');
          if (target === null) return t('pagination');
          return t('pageOf', { page: digits(target), total: digits(totalPages) });
        }}
        renderItem={(item) =>
          hrefFor && item.page !== null && item.type !== 'start-ellipsis' && item.type !== 'end-ellipsis' ? (
            <PaginationItem
              {...item}
              page={digits(item.page)}
              component={Link}
              to={hrefFor(item.page - 1)}
              {...(item.type === 'previous' ? { rel: 'prev' } : item.type === 'next' ? { rel: 'next' } : {})}
            />
          ) : (
            <PaginationItem {...item} page={item.page === null ? null : digits(item.page)} />
          )
        }
      />
      <span className="pagination-status" aria-current="page">
        {t('pageOf', { page: digits(page + 1), total: digits(totalPages) })}
      </span>
    </div>
  );
}
