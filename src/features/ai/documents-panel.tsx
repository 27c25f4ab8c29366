/**
 * The documents attached to a chat: PDF, DOCX or TXT up to 10 MB, uploaded with progress; their text
 * joins this chat's answers only. A file whose text cannot be read says so — above all a Bijoy-font
 * PDF (SutonnyMJ), whose Bangla is stored as Latin glyph codes and cannot be searched. A new chat
 * has no session yet: `ensureSession` makes one before the first upload.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type ChangeEvent } from 'react';
import { useStore } from 'react-redux';
import type { AiSessionDocument } from '../../../contract/ai';
import { DOCUMENT_MAX_BYTES } from '../../../contract/documents';
import { UploadProgress } from '../../components/form/upload-progress';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { useApiDispatch } from '../../lib/api/api';
import { formErrorText } from '../../lib/api/app-error';
import { uploadFile } from '../../lib/api/upload';
import { formatBytes } from '../../lib/format';
import { useLang, useT, type Translate } from '../../lib/i18n';
import { aiMessages } from './ai-messages';
import { useAiText } from './ai-text';
import { addUploadedDocument, documentUploadUrl, useAiDocumentsQuery, useAiRemoveDocumentMutation } from './api/ai-api';
import Button from '@mui/material/Button';
import { FileField } from '../../components/form/file-field';

const ACCEPT =
  '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';
const EXTENSIONS = /\.(pdf|docx|txt|text)$/i;

/** The phone's own check before sending 10 MB over a slow link; the server judges the content. */
export function precheckFile(file: File, t: Translate<keyof typeof aiMessages.en>): string | null {
  if (file.size > DOCUMENT_MAX_BYTES) return t('tooLarge');
  if (!EXTENSIONS.test(file.name)) return t('wrongType');
  return null;
}

/** What the user is told about a document whose text the answers cannot use (null: readable). */
export function textWarning(document: AiSessionDocument, t: Translate<keyof typeof aiMessages.en>): string | null {
  const name = document.filename;
  switch (document.text_status) {
    case 'UNSEARCHABLE_ENCODING':
      return t('bijoyWarning', { name });
    case 'NO_TEXT':
      return t('noTextWarning', { name });
    case 'FAILED':
      return t('failedWarning', { name });
    default:
      return null;
  }
}

export function DocumentsPanel({
  sessionId,
  ensureSession,
  onAttached,
}: {
  sessionId: string | null;
  ensureSession: () => Promise<string>;
  onAttached: (sessionId: string) => void;
}) {
  const t = useT(aiMessages);
  const ta = useAiText();
  const { lang } = useLang();
  const store = useStore();
  const dispatch = useApiDispatch();
  const inputId = useId();
  const needs = useNeedsNetwork();
  const { data } = useAiDocumentsQuery(sessionId ?? skipToken);
  const [removeDocument] = useAiRemoveDocumentMutation();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'warning' | 'success'; text: string } | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = precheckFile(file, t);
    if (problem) return setNotice({ kind: 'error', text: problem });
    setNotice(null);
    setProgress({ name: file.name, fraction: 0 });
    try {
      const id = await ensureSession();
      const body = new FormData();
      body.append('file', file, file.name);
      const stored = await uploadFile<AiSessionDocument>(store, documentUploadUrl(id), body, {
        onProgress: (fraction) => setProgress({ name: file.name, fraction }),
      });
      addUploadedDocument(dispatch, stored);
      const warning = textWarning(stored, t);
      setNotice(
        warning
          ? { kind: 'warning', text: warning }
          : { kind: 'success', text: t('uploaded', { name: stored.filename }) },
      );
      onAttached(id);
    } catch (error) {
      setNotice({ kind: 'error', text: ta(formErrorText(error, t('uploadFailed'))) });
    } finally {
      setProgress(null);
    }
  };

  const remove = async (document: AiSessionDocument) => {
    setNotice(null);
    try {
      await removeDocument({ sessionId: document.session_id, documentId: document.document_id }).unwrap();
    } catch (error) {
      setNotice({ kind: 'error', text: ta(formErrorText(error, t('removeFailed'))) });
    }
  };

  const documents = data?.documents ?? [];
  return (
    <section className="ai-documents" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="ai-documents-title">
        {t('documentsTitle')}
      </h2>
      <p className="muted">{t('documentsIntro')}</p>
      {documents.length > 0 ? (
        <ul className="ai-document-list">
          {documents.map((document) => {
            const warning = textWarning(document, t);
            return (
              <li key={document.document_id}>
                <span className="ai-document-name">{document.filename}</span>{' '}
                <span className="muted">{formatBytes(document.size, lang)}</span>
                {warning && <p className="ai-document-warning">{warning}</p>}
                <Button
                  variant="text"
                  type="button"
                  onClick={() => void remove(document)}
                  disabled={needs.disabled}
                  aria-label={t('removeDocument', { name: document.filename })}
                >
                  {t('remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        sessionId && <p className="muted">{t('noDocuments')}</p>
      )}
      <FileField
        label={t('attach')}
        className="ai-attach"
        accept={ACCEPT}
        disabled={progress !== null || needs.disabled}
        hint={t('attachHint')}
        extraDescribedBy={needs.describedBy}
        chosenName={progress?.name ?? null}
        onChange={(event) => void choose(event)}
      />
      <NeedsNetworkNote needs={needs} />
      {progress && (
        <UploadProgress
          fraction={progress.fraction}
          label={t('attach')}
          text={t('uploading', { name: progress.name, percent: Math.round(progress.fraction * 100) })}
        />
      )}
      <div role="status" aria-live="polite">
        {notice && (
          <p
            className={`alert ${notice.kind === 'success' ? 'alert-success' : notice.kind === 'error' ? 'alert-error' : 'alert-info'}`}
          >
            {notice.text}
          </p>
        )}
      </div>
    </section>
  );
}
