/**
 * Open a case (a lawyer, for a client by email) or edit its title and description. Checked on the
 * phone with the contract's own schemas, then by the server, whose answer shows under its field.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  CASE_DESCRIPTION_MAX,
  CreateCaseBodySchema,
  UpdateCaseBodySchema,
  type Case,
  type CreateCaseBody,
  type UpdateCaseBody,
} from '../../../contract/cases';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { TextareaField } from '../../components/form/textarea-field';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { formErrorText } from '../../lib/api/app-error';
import { useT } from '../../lib/i18n';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useCaseFieldErrors } from './case-fields';
import { casesMessages } from './cases-messages';
import { useCaseText } from './cases-text';
import Button from '@mui/material/Button';

type CaseFormProps =
  | { mode: 'open'; onSubmit: (body: CreateCaseBody) => Promise<unknown>; onCancel: () => void }
  | { mode: 'edit'; initial: Case; onSubmit: (body: UpdateCaseBody) => Promise<unknown>; onCancel: () => void };

export function CaseForm(props: CaseFormProps) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const form = useRef<HTMLFormElement>(null);
  const initial = props.mode === 'edit' ? props.initial : null;
  const [clientEmail, setClientEmail] = useState('');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needs = useNeedsNetwork();
  const errorFor = useCaseFieldErrors(clientErrors, serverError);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { title, description };
    const errors =
      props.mode === 'open'
        ? validate(CreateCaseBodySchema, { ...values, clientEmail })
        : validate(UpdateCaseBodySchema, values);
    setClientErrors(errors);
    setServerError(null);
    setFailure(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      if (props.mode === 'open') {
        await props.onSubmit({ clientEmail: clientEmail.trim(), title: title.trim(), description: description.trim() });
      } else {
        await props.onSubmit({ title: title.trim(), description: description.trim() });
      }
    } catch (error) {
      setServerError(error);
      setFailure(tc(formErrorText(error, props.mode === 'open' ? t('openFailed') : t('editFailed'))));
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="case-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert error={failure} />
      {props.mode === 'open' && (
        <TextField
          label={t('clientEmail')}
          type="email"
          name="clientEmail"
          autoComplete="off"
          inputMode="email"
          value={clientEmail}
          onChange={(event) => setClientEmail(event.target.value)}
          error={errorFor('clientEmail')}
          required
        />
      )}
      <TextField
        label={t('caseTitle')}
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errorFor('title')}
        maxLength={255}
        required
      />
      <TextareaField
        label={t('caseDescription')}
        name="description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={errorFor('description')}
        hint={t('descriptionHint')}
        counterMax={CASE_DESCRIPTION_MAX}
        rows={4}
      />
      <NeedsNetworkNote needs={needs} />
      <div className="form-actions">
        <Button
          variant="contained"
          type="submit"
          disabled={busy || needs.disabled}
          aria-describedby={needs.describedBy}
        >
          {busy
            ? props.mode === 'open'
              ? t('creating')
              : t('saving')
            : props.mode === 'open'
              ? t('create')
              : t('save')}
        </Button>
        <Button variant="outlined" type="button" onClick={props.onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
