/**
 * "Report a problem with this lawyer" (POST /complaints), shown to clients on a lawyer's page
 * (composed there by src/app). Folded until asked for: most visitors never need it.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  COMPLAINT_CATEGORY_NAMES,
  ComplaintBodySchema,
  ComplaintCategorySchema,
  FeedbackMessages,
  type ComplaintCategory,
} from '../../../contract/feedback';
import { FormAlert } from '../../components/form/form-alert';
import { enumOptions, SelectField } from '../../components/form/select-field';
import { TextareaField } from '../../components/form/textarea-field';
import { fieldError, formErrorText } from '../../lib/api/app-error';
import { useLang, useT } from '../../lib/i18n';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useFileComplaintMutation } from './api/feedback-api';
import { feedbackMessages } from './feedback-messages';
import { Fold } from './fold';
import { FeedbackClientText, useFeedbackText } from './feedback-text';
import Button from '@mui/material/Button';
import './feedback.css';

export interface ComplaintSubject {
  /** The lawyer's user id. */
  id: string;
  name: string;
}

/** `caseId`: the complaint is about that shared case (filed from the case's page). */
export function ComplaintForm({ lawyer, caseId }: { lawyer: ComplaintSubject; caseId?: string }) {
  const t = useT(feedbackMessages);
  const tf = useFeedbackText();
  const { lang } = useLang();
  const form = useRef<HTMLFormElement>(null);
  const [file, { isLoading, error }] = useFileComplaintMutation();
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<ComplaintCategory | ''>('');
  const [description, setDescription] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [filed, setFiled] = useState(false);
  const errorFor = (field: string) => {
    const text = clientErrors[field] ?? fieldError(error, field);
    return text ? tf(text) : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { lawyerId: lawyer.id, category, description: description.trim(), ...(caseId ? { caseId } : {}) };
    // The schema checks the description; an empty choice gets our own words rather than zod's.
    const errors = validate(ComplaintBodySchema, { ...body, category: category || 'OTHER' });
    if (!category) errors.category = FeedbackClientText.categoryRequired;
    setClientErrors(errors);
    setFailure(null);
    if (hasErrors(errors) || !category) return focusFirstInvalid(form.current);
    try {
      await file({ ...body, category }).unwrap();
      setFiled(true);
      setOpen(false);
      setCategory('');
      setDescription('');
    } catch (err) {
      setFailure(formErrorText(err, t('complaintFailed')));
    }
  };

  return (
    <section className="card complaint" aria-labelledby="complaint-title">
      <h2 id="complaint-title">{t('complaintTitle')}</h2>
      <p className="muted">{t('complaintIntro', { name: lawyer.name })}</p>
      <Fold
        open={open}
        label={t('complaintOpen')}
        notice={filed ? tf(FeedbackMessages.complaintFiled) : null}
        onOpen={() => {
          setOpen(true);
          setFiled(false);
        }}
      >
        <form ref={form} className="form" noValidate onSubmit={onSubmit}>
          <SelectField
            label={t('complaintCategory')}
            name="category"
            required
            placeholder={t('chooseCategory')}
            options={enumOptions(ComplaintCategorySchema.options, COMPLAINT_CATEGORY_NAMES, lang)}
            value={category}
            onChange={(e) => setCategory(e.target.value as ComplaintCategory | '')}
            error={errorFor('category')}
          />
          <TextareaField
            label={t('complaintDescription')}
            name="description"
            rows={5}
            required
            value={description}
            counterMax={2000}
            onChange={(e) => setDescription(e.target.value)}
            hint={t('complaintHint')}
            error={errorFor('description')}
          />
          <FormAlert error={failure && tf(failure)} />
          <div className="btn-row">
            <Button variant="contained" type="submit" disabled={isLoading}>
              {isLoading ? t('complaintSending') : t('complaintSend')}
            </Button>
            <Button variant="outlined" type="button" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      </Fold>
    </section>
  );
}
