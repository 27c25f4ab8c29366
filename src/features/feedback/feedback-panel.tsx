/**
 * "Send feedback" for any signed-in user, reachable from the app itself (the footer is hidden on
 * some screens): a folded form — category, message, and the page it is about — and, where there
 * is room, "My feedback" with the team's answers. Composed into /profile and the dashboards by src/app.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  FEEDBACK_CATEGORY_NAMES,
  FeedbackBodySchema,
  FeedbackCategorySchema,
  FeedbackMessages,
  type FeedbackCategory,
} from '../../../contract/feedback';
import { FormAlert } from '../../components/form/form-alert';
import { enumOptions, SelectField } from '../../components/form/select-field';
import { TextareaField } from '../../components/form/textarea-field';
import { fieldError, formErrorText } from '../../lib/api/app-error';
import { useLang, useT } from '../../lib/i18n';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useSendFeedbackMutation } from './api/feedback-api';
import { feedbackMessages } from './feedback-messages';
import { useFeedbackText } from './feedback-text';
import { Fold } from './fold';
import { MyFeedback } from './my-feedback';
import Button from '@mui/material/Button';
import './feedback.css';

export function FeedbackPanel({ showMine = false }: { showMine?: boolean }) {
  const t = useT(feedbackMessages);
  const tf = useFeedbackText();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section className="card feedback-panel" aria-labelledby="feedback-title">
      <h2 id="feedback-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <Fold
        open={open}
        label={t('open')}
        notice={sent && tf(sent)}
        onOpen={() => {
          setOpen(true);
          setSent(null);
        }}
      >
        <FeedbackForm
          onSent={() => {
            setSent(FeedbackMessages.feedbackSent);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Fold>
      {showMine && <MyFeedback />}
    </section>
  );
}

function FeedbackForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const t = useT(feedbackMessages);
  const tf = useFeedbackText();
  const { lang } = useLang();
  const { pathname } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [send, { isLoading, error }] = useSendFeedbackMutation();
  const [category, setCategory] = useState<FeedbackCategory>('GENERAL');
  const [message, setMessage] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errorFor = (field: string) => {
    const text = clientErrors[field] ?? fieldError(error, field);
    return text ? tf(text) : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { category, message: message.trim(), pagePath: pathname };
    const errors = validate(FeedbackBodySchema, body);
    setClientErrors(errors);
    setFailure(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      await send(body).unwrap();
      setMessage('');
      onSent();
    } catch (err) {
      setFailure(formErrorText(err, t('sendFailed')));
    }
  };

  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit}>
      <SelectField
        label={t('category')}
        name="category"
        options={enumOptions(FeedbackCategorySchema.options, FEEDBACK_CATEGORY_NAMES, lang)}
        value={category}
        onChange={(e) => setCategory(e.target.value as FeedbackCategory)}
      />
      <TextareaField
        label={t('message')}
        name="message"
        rows={4}
        required
        value={message}
        counterMax={2000}
        onChange={(e) => setMessage(e.target.value)}
        hint={t('messageHint')}
        error={errorFor('message')}
      />
      <p className="field-hint">{t('pageNote', { path: pathname })}</p>
      <FormAlert error={failure && tf(failure)} />
      <div className="btn-row">
        <Button variant="contained" type="submit" disabled={isLoading}>
          {isLoading ? t('sending') : t('send')}
        </Button>
        <Button variant="outlined" type="button" onClick={onCancel}>
          {t('close')}
        </Button>
      </div>
    </form>
  );
}
