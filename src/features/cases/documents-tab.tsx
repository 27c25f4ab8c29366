/**
 * A case's documents (docs/api.md §4 Case assets → documents): upload with a progress bar (PDF, DOCX,
 * TXT, PNG, JPEG ≤ 10 MB; the server judges by content, the phone pre-checks size and type so a
 * 2G user does not wait minutes to hear "no"), view PDFs and images in the app, download any with
 * its original name, edit the details or delete my own (with a confirmation). A Bijoy-encoded PDF
 * is accepted with a warning that its text cannot be searched.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import type { AssetPrivacy } from '../../../contract/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { FileViewer } from '../../components/file-viewer/file-viewer';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { TextareaField } from '../../components/form/textarea-field';
import { UploadProgress } from '../../components/form/upload-progress';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { SaveOfflineButton } from '../../components/offline/save-offline-button';
import { formErrorText } from '../../lib/api/app-error';
import { uploadFile } from '../../lib/api/upload';
import { formatBytes, formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useAppDispatch } from '../../lib/store-hooks';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../../lib/validate';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD,
  documentsApi,
  documentViewPath,
  useCaseDocumentsQuery,
  useDeleteDocumentMutation,
  useUpdateDocumentMutation,
  type CaseDocument,
} from './api/documents-api';
import { useCaseFieldErrors } from './case-fields';
import { casesMessages } from './cases-messages';
import { useCaseText } from './cases-text';
import { ConfirmDelete } from './confirm-delete';
import { PrivacyBadge, PrivacyChoice } from './notes-tab';
import Button from '@mui/material/Button';
import { FileField } from '../../components/form/file-field';

const ACCEPT = '.pdf,.docx,.txt,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg,text/plain';
const ACCEPTED_EXTENSIONS = ['pdf', 'docx', 'txt', 'png', 'jpg', 'jpeg'];
/** The contract's words for a short title (cases-text.ts has its Bangla). */
const TITLE_RULE = 'Title must be between 2 and 255 characters';

export function DocumentsTab({ caseId, myId }: { caseId: string; myId: string }) {
  const t = useT(casesMessages);
  const { lang } = useLang();
  const { data, error, isFetching, refetch } = useCaseDocumentsQuery(caseId);
  const [updateDocument] = useUpdateDocumentMutation();
  const [deleteDocument] = useDeleteDocumentMutation();
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const needs = useNeedsNetwork();

  return (
    <div className="case-documents">
      <p role="status" className={warning ? 'alert alert-info' : undefined}>
        {warning ?? ''}
      </p>
      {!uploading && (
        <>
          <Button
            variant="contained"
            type="button"
            disabled={needs.disabled}
            aria-describedby={needs.describedBy}
            onClick={() => setUploading(true)}
          >
            {t('uploadDocument')}
          </Button>
          <NeedsNetworkNote needs={needs} />
        </>
      )}
      {uploading && (
        <section className="card" aria-label={t('uploadDocument')}>
          <UploadForm
            caseId={caseId}
            onCancel={() => setUploading(false)}
            onUploaded={(document) => {
              setUploading(false);
              setWarning(
                document.textStatus === 'UNSEARCHABLE_ENCODING'
                  ? t('unsearchable')
                  : document.textStatus === 'NO_TEXT' || document.textStatus === 'FAILED'
                    ? `${t('uploaded')}. ${t('noText')}`
                    : t('uploaded'),
              );
            }}
          />
        </section>
      )}

      {isFetching && !data && <LoadingState label={t('documentsLoading')} />}
      {Boolean(error) && !data && !isFetching && (
        <ErrorState error={error} title={t('documentsFailed')} onRetry={() => void refetch()} />
      )}
      {data && data.documents.length === 0 && (
        <EmptyState title={t('documentsEmpty')}>
          <p>{t('documentsEmptyBody')}</p>
        </EmptyState>
      )}
      {data && data.documents.length > 0 && (
        <ul className="asset-list">
          {data.documents.map((document) => {
            const mine = document.uploadedById === myId;
            const id = document.documentId;
            return (
              <li key={id} className="card asset-item">
                {editing === id ? (
                  <DetailsForm
                    document={document}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (body) => {
                      await updateDocument({ id, caseId, body }).unwrap();
                      setEditing(null);
                    }}
                  />
                ) : (
                  <>
                    <div className="asset-head">
                      <h3>{document.title}</h3>
                      <PrivacyBadge privacy={document.privacy} />
                    </div>
                    {document.description && <p className="note-content">{document.description}</p>}
                    <p className="muted asset-meta">
                      {document.fileName} · {formatBytes(document.size, lang)} · {document.uploadedByName} ·{' '}
                      {formatDate(document.createdAt, lang)}
                    </p>
                    {document.textStatus === 'UNSEARCHABLE_ENCODING' && (
                      <p className="asset-warning">{t('unsearchable')}</p>
                    )}
                    {deleting !== id && (
                      <div className="asset-actions">
                        <Button
                          variant="outlined"
                          type="button"
                          aria-expanded={viewing === id}
                          onClick={() => setViewing(viewing === id ? null : id)}
                        >
                          {viewing === id ? t('hide') : `${t('view')} / ${t('download')}`}
                        </Button>
                        {mine && (
                          <>
                            <Button
                              variant="outlined"
                              type="button"
                              disabled={needs.disabled}
                              aria-describedby={needs.describedBy}
                              onClick={() => setEditing(id)}
                            >
                              {t('editDocument')}
                            </Button>
                            <Button variant="outlined" type="button" onClick={() => setDeleting(id)}>
                              {t('delete')}
                            </Button>
                          </>
                        )}
                      </div>
                    )}
                    {deleting === id && (
                      <ConfirmDelete
                        title={t('deleteDocumentTitle')}
                        body={t('deleteDocumentBody', { title: document.title, name: document.fileName })}
                        onCancel={() => setDeleting(null)}
                        onConfirm={async () => {
                          await deleteDocument({ id, caseId }).unwrap();
                          setDeleting(null);
                          if (viewing === id) setViewing(null);
                        }}
                      />
                    )}
                    {deleting !== id && (
                      <SaveOfflineButton
                        path={documentViewPath(id)}
                        title={document.title}
                        fileName={document.fileName}
                      />
                    )}
                    {viewing === id && (
                      <FileViewer path={documentViewPath(id)} title={document.title} fallbackName={document.fileName} />
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

/** What the phone can say before sending a byte; the server still judges the content. */
function precheck(file: File | null, t: (key: 'fileRequired' | 'fileEmpty' | 'fileTooLarge' | 'fileType') => string) {
  if (!file) return t('fileRequired');
  if (file.size === 0) return t('fileEmpty');
  if (file.size > DOCUMENT_MAX_BYTES) return t('fileTooLarge');
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!ACCEPTED_EXTENSIONS.includes(extension)) return t('fileType');
  return null;
}

function UploadForm({
  caseId,
  onCancel,
  onUploaded,
}: {
  caseId: string;
  onCancel: () => void;
  onUploaded: (document: CaseDocument) => void;
}) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const store = useStore();
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<AssetPrivacy>('SHARED');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const errorFor = useCaseFieldErrors(clientErrors, serverError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setServerError(null);
    const errors: FieldErrors = {};
    if (title.trim().length < 2) errors.title = TITLE_RULE;
    setClientErrors(errors);
    const problem = precheck(file, t);
    setFileError(problem);
    if (hasErrors(errors) || problem || !file) return focusFirstInvalid(formRef.current);
    const body = new FormData();
    body.append('caseId', caseId);
    body.append('title', title.trim());
    body.append('description', description.trim());
    body.append('privacy', privacy);
    body.append('file', file, file.name);
    controller.current = new AbortController();
    setProgress(0);
    try {
      const stored = await uploadFile<CaseDocument>(store, DOCUMENT_UPLOAD, body, {
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      dispatch(documentsApi.util.invalidateTags([{ type: 'Document', id: `CASE-${caseId}` }]));
      onUploaded(stored);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setServerError(error);
      setFailure(tc(formErrorText(error, t('uploadFailed'))));
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  const busy = progress !== null;
  const needs = useNeedsNetwork();
  return (
    <form ref={formRef} className="asset-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert error={failure} />
      <DocumentFields
        values={{ title, description, privacy }}
        onChange={(next) => {
          setTitle(next.title);
          setDescription(next.description);
          setPrivacy(next.privacy);
        }}
        errorFor={errorFor}
        privacyName="document-privacy"
      />
      <FileField
        label={t('documentFile')}
        name="file"
        accept={ACCEPT}
        chosenName={file?.name ?? null}
        error={fileError ?? errorFor('file')}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          setFile(chosen);
          setFileError(chosen ? precheck(chosen, t) : null);
        }}
      />
      {busy && (
        <UploadProgress
          fraction={progress}
          label={t('uploadProgress')}
          text={t('uploading', { percent: Math.round(progress * 100) })}
        />
      )}
      <NeedsNetworkNote needs={needs} />
      <div className="form-actions">
        <Button
          variant="contained"
          type="submit"
          disabled={busy || needs.disabled}
          aria-describedby={needs.describedBy}
        >
          {t('upload')}
        </Button>
        <Button
          variant="outlined"
          type="button"
          onClick={() => {
            controller.current?.abort();
            onCancel();
          }}
        >
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function DetailsForm({
  document,
  onSubmit,
  onCancel,
}: {
  document: CaseDocument;
  onSubmit: (body: { title: string; description: string; privacy: AssetPrivacy }) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT(casesMessages);
  const tc = useCaseText();
  const [title, setTitle] = useState(document.title);
  const [description, setDescription] = useState(document.description);
  const [privacy, setPrivacy] = useState<AssetPrivacy>(document.privacy);
  const [serverError, setServerError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFor = useCaseFieldErrors({}, serverError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setServerError(null);
    try {
      await onSubmit({ title: title.trim(), description: description.trim(), privacy });
    } catch (error) {
      setServerError(error);
      setFailure(tc(formErrorText(error, t('documentSaveFailed'))));
      setBusy(false);
    }
  };

  return (
    <form className="asset-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert error={failure} />
      <DocumentFields
        values={{ title, description, privacy }}
        onChange={(next) => {
          setTitle(next.title);
          setDescription(next.description);
          setPrivacy(next.privacy);
        }}
        errorFor={errorFor}
        privacyName={`privacy-${document.documentId}`}
      />
      <div className="form-actions">
        <Button variant="contained" type="submit" disabled={busy}>
          {busy ? t('saving') : t('save')}
        </Button>
        <Button variant="outlined" type="button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

interface DocumentValues {
  title: string;
  description: string;
  privacy: AssetPrivacy;
}

/** Title, description and privacy: the upload form and the edit form ask the same. */
function DocumentFields({
  values,
  onChange,
  errorFor,
  privacyName,
}: {
  values: DocumentValues;
  onChange: (values: DocumentValues) => void;
  errorFor: (field: string) => string | undefined;
  privacyName: string;
}) {
  const t = useT(casesMessages);
  return (
    <>
      <TextField
        label={t('documentTitle')}
        name="title"
        value={values.title}
        maxLength={255}
        onChange={(event) => onChange({ ...values, title: event.target.value })}
        error={errorFor('title')}
        required
      />
      <TextareaField
        label={t('documentDescription')}
        name="description"
        value={values.description}
        rows={3}
        counterMax={2000}
        onChange={(event) => onChange({ ...values, description: event.target.value })}
        error={errorFor('description')}
      />
      <PrivacyChoice
        value={values.privacy}
        onChange={(privacy) => onChange({ ...values, privacy })}
        name={privacyName}
      />
    </>
  );
}
