/**
 * A case's notes (docs/api.md §4 Case assets → notes): newest first; my PRIVATE ones and everyone's
 * SHARED ones (the server never sends another's private note). I add, edit and delete my own.
 */
import { useRef, useState, type FormEvent } from 'react';
import { CreateNoteBodySchema, NOTE_CONTENT_MAX, type Note } from '../../../contract/cases';
import type { AssetPrivacy } from '../../../contract/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { TextareaField } from '../../components/form/textarea-field';
import { formErrorText } from '../../lib/api/app-error';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import {
  useCaseNotesQuery,
  useCreateNoteMutation,
  useDeleteNoteMutation,
  useUpdateNoteMutation,
} from './api/cases-api';
import { useCaseFieldErrors } from './case-fields';
import { casesMessages } from './cases-messages';
import { useCaseText } from './cases-text';
import { ConfirmDelete } from './confirm-delete';
import Button from '@mui/material/Button';

interface NotesTabProps {
  caseId: string;
  myId: string;
  otherName: string;
}

export function NotesTab({ caseId, myId, otherName }: NotesTabProps) {
  const t = useT(casesMessages);
  const { lang } = useLang();
  const { data, error, isFetching, refetch } = useCaseNotesQuery(caseId);
  const [createNote] = useCreateNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const [deleteNote] = useDeleteNoteMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <div className="case-notes">
      {!adding && (
        <Button variant="contained" type="button" onClick={() => setAdding(true)}>
          {t('addNote')}
        </Button>
      )}
      {adding && (
        <section className="card" aria-label={t('addNote')}>
          <NoteForm
            onCancel={() => setAdding(false)}
            onSubmit={async (values) => {
              await createNote({ caseId, ...values }).unwrap();
              setAdding(false);
            }}
          />
        </section>
      )}

      {isFetching && !data && <LoadingState label={t('notesLoading')} />}
      {Boolean(error) && !data && !isFetching && (
        <ErrorState error={error} title={t('notesFailed')} onRetry={() => void refetch()} />
      )}
      {data && data.notes.length === 0 && (
        <EmptyState title={t('notesEmpty')}>
          <p>{t('notesEmptyBody')}</p>
        </EmptyState>
      )}
      {data && data.notes.length > 0 && (
        <ul className="asset-list">
          {data.notes.map((note) => {
            const mine = note.ownerId === myId;
            return (
              <li key={note.noteId} className="card asset-item">
                {editing === note.noteId ? (
                  <NoteForm
                    initial={note}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (values) => {
                      await updateNote({ id: note.noteId, caseId, body: values }).unwrap();
                      setEditing(null);
                    }}
                  />
                ) : (
                  <>
                    <div className="asset-head">
                      <h3>{note.title}</h3>
                      <PrivacyBadge privacy={note.privacy} />
                    </div>
                    <p className="note-content">{note.content}</p>
                    <p className="muted asset-meta">
                      {mine ? t('byYou') : t('byOther', { name: otherName })} · {formatDate(note.updatedAt, lang)}
                    </p>
                    {mine && deleting !== note.noteId && (
                      <div className="asset-actions">
                        <Button variant="outlined" type="button" onClick={() => setEditing(note.noteId)}>
                          {t('editNote')}
                        </Button>
                        <Button variant="outlined" type="button" onClick={() => setDeleting(note.noteId)}>
                          {t('deleteNote')}
                        </Button>
                      </div>
                    )}
                    {deleting === note.noteId && (
                      <ConfirmDelete
                        title={t('deleteNoteTitle')}
                        body={t('deleteNoteBody', { title: note.title })}
                        onCancel={() => setDeleting(null)}
                        onConfirm={async () => {
                          await deleteNote({ id: note.noteId, caseId }).unwrap();
                          setDeleting(null);
                        }}
                      />
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function PrivacyBadge({ privacy }: { privacy: AssetPrivacy }) {
  const t = useT(casesMessages);
  return (
    <span className={`privacy-badge is-${privacy.toLowerCase()}`}>
      {privacy === 'PRIVATE' ? t('privateBadge') : t('sharedBadge')}
    </span>
  );
}

export function PrivacyChoice({
  value,
  onChange,
  name,
}: {
  value: AssetPrivacy;
  onChange: (value: AssetPrivacy) => void;
  name: string;
}) {
  const t = useT(casesMessages);
  return (
    <fieldset className="privacy-choice">
      <legend>{t('privacy')}</legend>
      {(['SHARED', 'PRIVATE'] as const).map((option) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />{' '}
          {t(option)}
        </label>
      ))}
    </fieldset>
  );
}

interface NoteValues {
  title: string;
  content: string;
  privacy: AssetPrivacy;
}

function NoteForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial?: Note;
  onSubmit: (values: NoteValues) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const form = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [privacy, setPrivacy] = useState<AssetPrivacy>(initial?.privacy ?? 'SHARED');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFor = useCaseFieldErrors(clientErrors, serverError);
  const name = `privacy-${initial?.noteId ?? 'new'}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The case id is the page's; any valid uuid lets the schema check the fields people typed.
    const errors = validate(CreateNoteBodySchema, {
      caseId: '00000000-0000-4000-8000-000000000000',
      title,
      content,
      privacy,
    });
    setClientErrors(errors);
    setServerError(null);
    setFailure(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await onSubmit({ title: title.trim(), content: content.trim(), privacy });
    } catch (error) {
      setServerError(error);
      setFailure(tc(formErrorText(error, t('noteFailed'))));
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="asset-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert error={failure} />
      <TextField
        label={t('noteTitle')}
        name="title"
        value={title}
        maxLength={255}
        onChange={(event) => setTitle(event.target.value)}
        error={errorFor('title')}
        required
      />
      <TextareaField
        label={t('noteContent')}
        name="content"
        value={content}
        rows={5}
        counterMax={NOTE_CONTENT_MAX}
        onChange={(event) => setContent(event.target.value)}
        error={errorFor('content')}
        required
      />
      <PrivacyChoice value={privacy} onChange={setPrivacy} name={name} />
      <div className="form-actions">
        <Button variant="contained" type="submit" disabled={busy}>
          {busy ? t('saving') : t('saveNote')}
        </Button>
        <Button variant="outlined" type="button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
