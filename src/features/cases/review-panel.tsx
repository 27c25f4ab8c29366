/**
 * The review of a resolved case: its client rates the lawyer (1–5) with optional words, then edits
 * or deletes it; the lawyer reads it. The rating is a radio group, so arrows and Space work.
 */
import { useState, type FormEvent } from 'react';
import type { Case } from '../../../contract/cases';
import type { Review } from '../../../contract/lawyers';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { FormAlert } from '../../components/form/form-alert';
import { TextareaField } from '../../components/form/textarea-field';
import { RatingStars } from '../../components/rating/rating-stars';
import { formErrorText } from '../../lib/api/app-error';
import { formatDate, localDigits } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import {
  useCaseReviewQuery,
  useCreateReviewMutation,
  useDeleteReviewMutation,
  useUpdateReviewMutation,
} from './api/cases-api';
import { personName, useCaseFieldErrors } from './case-fields';
import { casesMessages } from './cases-messages';
import { useCaseText } from './cases-text';
import { ConfirmDelete } from './confirm-delete';
import Button from '@mui/material/Button';

const REVIEW_MAX = 5000;

export function ReviewPanel({ item, isClient }: { item: Case; isClient: boolean }) {
  const t = useT(casesMessages);
  const { lang } = useLang();
  const { data: review, error, isFetching, refetch } = useCaseReviewQuery(item.caseId);
  const [createReview] = useCreateReviewMutation();
  const [updateReview] = useUpdateReviewMutation();
  const [deleteReview] = useDeleteReviewMutation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [posted, setPosted] = useState(false);

  if (isFetching && review === undefined) return <LoadingState label={t('reviewLoading')} />;
  if (error && review === undefined)
    return <ErrorState error={error} title={t('reviewFailed')} onRetry={() => void refetch()} />;

  if (!isClient) {
    return (
      <section className="card case-review" aria-labelledby="case-review-title">
        <h3 id="case-review-title">{t('reviewOfClient')}</h3>
        {review ? <ReviewView review={review} /> : <p className="muted">{t('reviewNone')}</p>}
      </section>
    );
  }

  return (
    <section className="card case-review" aria-labelledby="case-review-title">
      <h3 id="case-review-title">{t('reviewTitle', { name: personName(item.lawyer) })}</h3>
      <p role="status" className={posted ? 'alert alert-success' : undefined}>
        {posted ? t('reviewPosted') : ''}
      </p>
      {!review || editing ? (
        <>
          {!review && <p className="muted">{t('reviewIntro')}</p>}
          <ReviewForm
            initial={review ?? null}
            onCancel={review ? () => setEditing(false) : undefined}
            onSubmit={async (values) => {
              if (review) await updateReview({ id: review.id, caseId: item.caseId, body: values }).unwrap();
              else await createReview({ caseId: item.caseId, ...values }).unwrap();
              setEditing(false);
              setPosted(true);
            }}
          />
        </>
      ) : (
        <>
          <ReviewView review={review} />
          <p className="muted">{formatDate(review.updatedAt, lang)}</p>
          {!deleting && (
            <div className="asset-actions">
              <Button
                variant="outlined"
                type="button"
                onClick={() => {
                  setEditing(true);
                  setPosted(false);
                }}
              >
                {t('editReview')}
              </Button>
              <Button variant="outlined" type="button" onClick={() => setDeleting(true)}>
                {t('deleteReview')}
              </Button>
            </div>
          )}
          {deleting && (
            <ConfirmDelete
              title={t('deleteReviewTitle')}
              body={t('deleteReviewBody')}
              onCancel={() => setDeleting(false)}
              onConfirm={async () => {
                await deleteReview({ id: review.id, caseId: item.caseId }).unwrap();
                setDeleting(false);
                setPosted(false);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function ReviewView({ review }: { review: Review }) {
  return (
    <div className="review-view">
      <RatingStars rating={review.rating} />
      {review.review && <p className="note-content">{review.review}</p>}
    </div>
  );
}

function ReviewForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: Review | null;
  onSubmit: (values: { rating: number; review: string }) => Promise<void>;
  onCancel?: (() => void) | undefined;
}) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const { lang } = useLang();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.review ?? '');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFor = useCaseFieldErrors({}, serverError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setServerError(null);
    if (rating < 1) {
      setRatingError(t('ratingRequired'));
      return;
    }
    setRatingError(null);
    setBusy(true);
    try {
      await onSubmit({ rating, review: text.trim() });
    } catch (error) {
      setServerError(error);
      setFailure(tc(formErrorText(error, t('reviewSaveFailed'))));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="asset-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert error={failure} />
      <fieldset className="rating-choice" aria-describedby={ratingError ? 'rating-error' : undefined}>
        <legend>{t('rating')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={value <= rating ? 'is-on' : undefined}>
            <input
              type="radio"
              name="rating"
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
              aria-label={t(value === 1 ? 'star' : 'stars', { n: localDigits(String(value), lang) })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        {(ratingError ?? errorFor('rating')) && (
          <p id="rating-error" className="field-error">
            {ratingError ?? errorFor('rating')}
          </p>
        )}
      </fieldset>
      <TextareaField
        label={t('reviewText')}
        name="review"
        value={text}
        rows={4}
        counterMax={REVIEW_MAX}
        onChange={(event) => setText(event.target.value)}
        error={errorFor('review')}
      />
      <div className="form-actions">
        <Button variant="contained" type="submit" disabled={busy}>
          {busy ? t('saving') : initial ? t('updateReview') : t('submitReview')}
        </Button>
        {onCancel && (
          <Button variant="outlined" type="button" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
