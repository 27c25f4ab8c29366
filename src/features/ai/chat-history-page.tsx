/**
 * /chat-history: the user's AI chats, most recent first — open one, rename it in place, or delete it
 * after an in-place confirmation (an alert dialog, focus on the safe choice, Escape cancels). The
 * list is read through the service worker, so it shows offline from the phone with the "showing
 * what was saved" note; renaming and deleting need the network.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AiSession } from '../../../contract/ai';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { TextField } from '../../components/form/text-field';
import { NeedsNetworkNote, useNeedsNetwork, type NeedsNetwork } from '../../components/offline/needs-network';
import { StaleNote } from '../../components/offline/stale-note';
import { formErrorText } from '../../lib/api/app-error';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { aiMessages } from './ai-messages';
import { useAiText } from './ai-text';
import { aiApi, useAiDeleteSessionMutation, useAiRenameSessionMutation, useAiSessionsQuery } from './api/ai-api';
import Button from '@mui/material/Button';
import './ai.css';

export function ChatHistoryPage() {
  const t = useT(aiMessages);
  const userId = useSessionSelector(selectUser)?.id ?? '';
  const { data, error, isLoading, refetch } = useAiSessionsQuery(userId);
  const [announcement, setAnnouncement] = useState('');
  const needs = useNeedsNetwork();
  useDocumentTitle(t('historyTitle'));

  return (
    <div className="container page ai-page">
      <header className="ai-head">
        <div>
          <h1>{t('historyTitle')}</h1>
          <p className="muted">{t('historyIntro')}</p>
          <StaleNote endpoint={aiApi.endpoints.aiSessions} args={userId} />
        </div>
        <nav className="ai-nav" aria-label={t('historyTitle')}>
          <Button component={Link} variant="contained" to="/ai-chat">
            {t('newChat')}
          </Button>
        </nav>
      </header>
      <NeedsNetworkNote needs={needs} />
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      {isLoading && <LoadingState label={t('historyLoading')} />}
      {error && !data && <ErrorState error={error} title={t('historyFailed')} onRetry={() => void refetch()} />}
      {data && data.sessions.length === 0 && <EmptyState title={t('historyEmpty')} />}
      {data && data.sessions.length > 0 && (
        <ul className="ai-history">
          {data.sessions.map((session) => (
            <SessionItem
              key={session.session_id}
              session={session}
              needs={needs}
              onDeleted={() => setAnnouncement(t('deleted'))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function SessionItem({
  session,
  needs,
  onDeleted,
}: {
  session: AiSession;
  needs: NeedsNetwork;
  onDeleted: () => void;
}) {
  const t = useT(aiMessages);
  const ta = useAiText();
  const { lang } = useLang();
  const id = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [title, setTitle] = useState(session.title);
  const [failure, setFailure] = useState<string | null>(null);
  const [rename, renaming] = useAiRenameSessionMutation();
  const [remove, removing] = useAiDeleteSessionMutation();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const renameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (mode === 'delete') cancelButton.current?.focus();
    if (mode === 'rename') renameInput.current?.focus();
    if (mode !== 'delete') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMode('view');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) return;
    setFailure(null);
    try {
      await rename({ sessionId: session.session_id, title: next }).unwrap();
      setMode('view');
    } catch (error) {
      setFailure(ta(formErrorText(error, t('renameFailed'))));
    }
  };

  const confirmDelete = async () => {
    setFailure(null);
    try {
      await remove(session.session_id).unwrap();
      onDeleted();
    } catch (error) {
      setFailure(ta(formErrorText(error, t('deleteFailed'))));
    }
  };

  return (
    <li className="card ai-history-item">
      {mode === 'rename' ? (
        <form onSubmit={(event) => void saveName(event)} className="ai-rename">
          <TextField
            inputRef={renameInput}
            label={t('renameLabel')}
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="btn-row">
            <Button variant="contained" type="submit" disabled={renaming.isLoading || needs.disabled}>
              {t('save')}
            </Button>
            <Button
              variant="outlined"
              type="button"
              onClick={() => {
                setTitle(session.title);
                setMode('view');
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <Link className="ai-history-title" to={`/ai-chat/${session.session_id}`}>
            {session.title}
          </Link>
          <p className="muted ai-history-meta">
            {t('messageCount', { n: session.message_count })} ·{' '}
            {t('updatedAt', { date: formatDate(session.updated_at, lang) })}
          </p>
        </>
      )}
      {mode === 'view' && (
        <div className="btn-row">
          <Button
            component={Link}
            variant="outlined"
            to={`/ai-chat/${session.session_id}`}
            aria-label={t('openChat', { title: session.title })}
          >
            {t('open')}
          </Button>
          <Button
            variant="text"
            type="button"
            disabled={needs.disabled}
            aria-describedby={needs.describedBy}
            aria-label={t('renameChat', { title: session.title })}
            onClick={() => setMode('rename')}
          >
            {t('rename')}
          </Button>
          <Button
            variant="text"
            className="ai-danger"
            type="button"
            disabled={needs.disabled}
            aria-describedby={needs.describedBy}
            aria-label={t('deleteChat', { title: session.title })}
            onClick={() => setMode('delete')}
          >
            {t('delete')}
          </Button>
        </div>
      )}
      {mode === 'delete' && (
        <div
          className="ai-confirm"
          role="alertdialog"
          aria-labelledby={`${id}-del`}
          aria-describedby={`${id}-del-body`}
        >
          <p id={`${id}-del`} className="ai-confirm-title">
            {t('deleteTitle', { title: session.title })}
          </p>
          <p id={`${id}-del-body`}>{t('deleteBody')}</p>
          <div className="btn-row">
            <Button variant="outlined" ref={cancelButton} type="button" onClick={() => setMode('view')}>
              {t('cancel')}
            </Button>
            <Button
              variant="contained"
              color="error"
              type="button"
              disabled={removing.isLoading || needs.disabled}
              onClick={() => void confirmDelete()}
            >
              {t('deleteConfirm')}
            </Button>
          </div>
        </div>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}
