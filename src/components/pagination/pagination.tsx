/**
 * Previous / "Page 2 of 7" / Next. Pages are links when the page lives in the address (shareable,
 * back and forward work), buttons otherwise. Pages are 0-based like the API (CONTRACT §1); people
 * see them 1-based.
 */
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
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
  if (totalPages <= 1) return null;
  const hasPrevious = page > 0;
  const hasNext = page < totalPages - 1;
  const control = (target: number, enabled: boolean, label: string, rel: 'prev' | 'next') => {
    if (!enabled) {
      return (
        <span className="btn btn-secondary" aria-disabled="true">
          {label}
        </span>
      );
    }
    return hrefFor ? (
      <Link className="btn btn-secondary" to={hrefFor(target)} rel={rel}>
        {label}
      </Link>
    ) : (
      <button type="button" className="btn btn-secondary" onClick={() => onPage?.(target)}>
        {label}
      </button>
    );
  };
  return (
    <nav className="pagination" aria-label={t('pagination')}>
      {control(page - 1, hasPrevious, t('previous'), 'prev')}
      <span className="pagination-status" aria-current="page">
        {t('pageOf', { page: page + 1, total: totalPages })}
      </span>
      {control(page + 1, hasNext, t('next'), 'next')}
    </nav>
  );
}
