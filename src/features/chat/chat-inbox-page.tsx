/**
 * /chat (docs/product.md §2 chat-inbox): every conversation, newest activity first. Arriving from a lawyer's
 * page ("Message"), it opens a new conversation with docs/product.md §5's default first message ready to send;
 * once the server has stored it the thread opens (offline it waits in the outbox, shown as pending).
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConversationsQuery } from './api/chat-api';
import { Composer } from './composer';
import { useChatActions, usePendingMessages } from './chat-live';
import { chatMessages } from './chat-messages';
import { ConversationList } from './conversation-list';
import Button from '@mui/material/Button';
import './chat.css';

interface StartState {
  receiverId: string;
  draft: string;
}

function startState(state: unknown): StartState | null {
  const s = state as Partial<StartState> | null;
  return s && typeof s.receiverId === 'string' && typeof s.draft === 'string'
    ? { receiverId: s.receiverId, draft: s.draft }
    : null;
}

export function ChatInboxPage() {
  const t = useT(chatMessages);
  const navigate = useNavigate();
  const location = useLocation();
  const me = useSessionSelector(selectUser)?.id ?? '';
  const { data, error, isLoading, refetch } = useConversationsQuery();
  const actions = useChatActions();
  const pending = usePendingMessages();
  const start = startState(location.state);
  const [started, setStarted] = useState(false);
  useDocumentTitle(t('inboxTitle'));

  // With this person already: straight to the existing thread (the draft is not needed there).
  const existing = start ? data?.find((c) => c.otherParticipantId === start.receiverId) : undefined;
  useEffect(() => {
    if (existing && (started || !pending.some((p) => p.payload.receiverId === start?.receiverId))) {
      void navigate(`/chat/${existing.id}`, { replace: true });
    }
  }, [existing, navigate, pending, start?.receiverId, started]);

  const waiting = start ? pending.filter((p) => p.payload.receiverId === start.receiverId) : [];

  return (
    <div className="container page chat-inbox">
      <h1>{t('inboxTitle')}</h1>
      <p className="muted">{t('inboxIntro')}</p>
      {start && !existing && (
        <section className="card chat-new" aria-labelledby="chat-new-title">
          <h2 id="chat-new-title">{t('newConversation')}</h2>
          <p className="muted">{t('newConversationIntro')}</p>
          {waiting.map((entry) => (
            <p key={entry.id} className="chat-bubble is-mine is-pending">
              {entry.payload.content} <span className="chat-receipt">{t('pending')}</span>
            </p>
          ))}
          {waiting.length === 0 && (
            <Composer
              initial={start.draft}
              onSend={async (content) => {
                setStarted(true);
                await actions.send({ receiverId: start.receiverId, content, conversationId: null });
                void refetch();
              }}
            />
          )}
        </section>
      )}
      {isLoading && (
        <p role="status" className="muted">
          {t('loading')}
        </p>
      )}
      {error && !data && (
        <div className="alert alert-error" role="alert">
          <p>{t('failed')}</p>
          <Button variant="outlined" type="button" onClick={() => void refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      )}
      {data && data.length === 0 && !start && (
        <div className="list-state is-empty">
          <p className="list-state-title">{t('emptyTitle')}</p>
          <p>{t('emptyBody')}</p>
          <Button component={Link} variant="contained" to="/find-lawyer">
            {t('findLawyer')}
          </Button>
        </div>
      )}
      {data && data.length > 0 && <ConversationList conversations={data} me={me} />}
    </div>
  );
}
