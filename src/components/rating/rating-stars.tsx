/**
 * An average rating as five stars plus the number and the review count ("★★★★☆ 4.3 · 23 reviews").
 * The stars are decoration; screen readers hear "Rated 4.3 out of 5, 23 reviews".
 */
import { formatNumber, formatRating } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { uiMessages } from '../ui-messages';
import './rating-stars.css';

export function RatingStars({ rating, count }: { rating: number | null; count?: number }) {
  const t = useT(uiMessages);
  const { lang } = useLang();
  const countText =
    count === undefined ? null : count === 1 ? t('oneReview') : t('reviewCount', { n: formatNumber(count, lang, 0) });
  if (rating === null || count === 0) {
    return <span className="rating is-empty">{t('noReviewsYet')}</span>;
  }
  const filled = Math.round(rating);
  const shown = formatRating(rating, lang);
  return (
    <span className="rating">
      <span className="rating-stars" aria-hidden="true">
        {'★'.repeat(filled)}
        <span className="rating-rest">{'★'.repeat(5 - filled)}</span>
      </span>
      <span className="visually-hidden">
        {t('ratingLabel', { rating: shown })}
        {countText ? `, ${countText}` : ''}
      </span>
      <span aria-hidden="true">
        {shown}
        {countText ? ` · ${countText}` : ''}
      </span>
    </span>
  );
}
