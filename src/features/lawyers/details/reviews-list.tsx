/**
 * A lawyer's reviews, newest first, a few at a time with "Load more" (each page is small: on 2G
 * people read the first reviews long before the rest would have arrived). The average and count
 * come from the profile, so they are right before every review is loaded.
 */
import { useEffect, useRef } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/async/list-states';
import { RatingStars } from '../../../components/rating/rating-stars';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { useLawyerReviewsInfiniteQuery } from '../api/lawyers-api';
import { detailsMessages } from './details-messages';
import Button from '@mui/material/Button';

interface ReviewsListProps {
  userId: string;
  averageRating: number | null;
  reviewCount: number;
}

export function ReviewsList({ userId, averageRating, reviewCount }: ReviewsListProps) {
  const t = useT(detailsMessages);
  const { lang } = useLang();
  const { data, error, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useLawyerReviewsInfiniteQuery(userId);
  const list = useRef<HTMLOListElement>(null);
  const reviews = data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = data?.pages[0]?.totalCount ?? reviewCount;

  // Index of the first review a "Load more" brought in, to be focused once it has rendered: the
  // button disables (and loses focus) while fetching, and may vanish on the last page, so without
  // this the keyboard would be stranded on <body>.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || reviews.length <= index) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('li > article')[index]?.focus();
  }, [reviews.length]);

  const loadMore = () => {
    focusFrom.current = reviews.length;
    void fetchNextPage();
  };

  return (
    <>
      {reviewCount > 0 && (
        <p className="reviews-summary">
          <span className="muted">{t('average')}:</span> <RatingStars rating={averageRating} count={reviewCount} />
        </p>
      )}
      {isLoading && <LoadingState label={t('reviewsLoading')} />}
      {error && !data && <ErrorState error={error} title={t('reviewsFailed')} onRetry={() => void refetch()} />}
      {data && reviews.length === 0 && <EmptyState title={t('noReviews')} />}
      {reviews.length > 0 && (
        <ol ref={list} className="review-list">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="review" tabIndex={-1} aria-label={t('reviewBy', { name: review.clientName })}>
                <header className="review-head">
                  <strong>{review.clientName}</strong>
                  <RatingStars rating={review.rating} />
                  <time dateTime={review.createdAt} className="muted">
                    {formatDate(review.createdAt, lang)}
                  </time>
                </header>
                {review.review && <p className="review-text">{review.review}</p>}
              </article>
            </li>
          ))}
        </ol>
      )}
      {reviews.length > 0 && total > 0 && (
        <p className="muted" aria-live="polite">
          {t('shownReviews', { shown: formatNumber(reviews.length, lang, 0), total: formatNumber(total, lang, 0) })}
        </p>
      )}
      {hasNextPage && (
        <Button variant="outlined" type="button" disabled={isFetchingNextPage} onClick={loadMore}>
          {isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </Button>
      )}
      {error && data && <ErrorState error={error} title={t('reviewsFailed')} onRetry={() => void fetchNextPage()} />}
    </>
  );
}
