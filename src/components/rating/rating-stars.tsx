/**
 * An average rating as five stars in half steps (MUI Rating: 4.5 draws four and a half) plus the
 * number and the review count ("4.5 · 23 reviews"). The stars are decoration; screen readers hear
 * "Rated 4.5 out of 5, 23 reviews" in the reader's language and digits.
 */
import Rating from '@mui/material/Rating';
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
  const shown = formatRating(rating, lang);
  return (
    <span className="rating">
      <span className="rating-stars" aria-hidden="true">
        <Rating value={Math.round(rating * 2) / 2} precision={0.5} readOnly size="small" />
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
