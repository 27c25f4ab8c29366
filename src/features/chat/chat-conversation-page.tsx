/**
 * /chat/{id} (docs/product.md §2 chat-conversation): the thread with one person, oldest at the top; older pages
 * on scrolling up (20 at a time, 200 kept), day separators in Bangladesh time, read receipts on my
 * messages, and a composer that works offline — a message is shown at once as pending and sent when
 * the connection allows (chat-live.ts), or shown as not sent with Retry and Delete when refused.
 * docs/product.md §2's guard: if the conversation's first fetch is refused (not mine, gone), the user goes to
 * /chat; a missing network is not a refusal, so the pending messages stay readable offline. History
 * read from the phone says so: "You are offline" with no connection, or that it is the saved copy when
 * the connection is up but the server does not answer. When the other person has deleted their account
 * the history stays readable and the composer gives way to a note saying why nothing can be sent.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Message } from '../../../contract/chat';
import { useContractText } from '../../lib/contract-text';
import { formatClock, formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNetworkStatus } from '../../lib/offline/network-status';
import { useStore } from 'react-redux';
import { useApiDispatch } from '../../lib/api/api';
import { realtimeConnection, useConnectionSnapshot } from '../../lib/realtime/realtime';
import type { SessionRootState } from '../../lib/session/session-slice';
import {
  fillGap,
  heldLastSeq,
  useConversationsQuery,
  useMarkConversationReadMutation,
  useThreadQuery,
} from './api/chat-api';
import { CHAT_POLL_MS, useChatActions, usePendingMessages } from './chat-live';
import { chatMessages } from './chat-messages';
import { Composer } from './composer';
import Button from '@mui/material/Button';
import './chat.css';

const DHAKA = 'Asia/Dhaka';

/** YYYY-MM-DD of a time in Bangladesh, for grouping by day. */
function dhakaDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DHAKA }).format(new Date(iso));
}

function dhakaTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: DHAKA, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

export function ChatConversationPage() {
  const t = useT(chatMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const me = useSessionSelector(selectUser)?.id ?? '';
  const [page, setPage] = useState(0);
  const thread = useThreadQuery({ conversationId: id, page }, { skip: !id });
  const { data: conversations } = useConversationsQuery();
  const [markRead] = useMarkConversationReadMutation();
  const actions = useChatActions();
  const pendingAll = usePendingMessages();
  const list = useRef<HTMLOListElement>(null);
  const dispatch = useApiDispatch();
  const store = useStore<SessionRootState>();
  const connection = useMemo(() => realtimeConnection(store), [store]);
  const { state } = useConnectionSnapshot(connection);
  // "Today" and "Yesterday" as of opening the thread.
  const [openedAt] = useState(() => Date.now());

  const conversation = conversations?.find((c) => c.id === id);
  const messages = useMemo(() => thread.data?.messages ?? [], [thread.data]);
  const anyMessage = messages[0];
  const otherId =
    conversation?.otherParticipantId ??
    (anyMessage ? (anyMessage.senderId === me ? anyMessage.receiverId : anyMessage.senderId) : null);
  const title = conversation?.otherParticipantName ?? t('inboxTitle');
  useDocumentTitle(title);

  // docs/product.md §2: a refused first fetch sends the user back to the inbox.
  const refused = thread.error && (thread.error as { status?: number | null }).status !== null;
  useEffect(() => {
    if (refused && !thread.data) void navigate('/chat', { replace: true });
  }, [refused, thread.data, navigate]);

  // Gaps: after every (re)connect, fetch what came after the last message held (by seq), page after
  // page up to fillGap's limit; while the socket is down, do the same every 30 s (docs/product.md §4's polling
  // fallback). A gap longer than one fill's limit goes on at the next of these.
  const loaded = Boolean(thread.data);
  useEffect(() => {
    if (!id || !loaded || !me) return;
    const fill = () => fillGap(dispatch, id, heldLastSeq(dispatch, id) ?? 0, me);
    if (state === 'connected') {
      void fill();
      return;
    }
    const timer = setInterval(() => void fill(), CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch, id, loaded, me, state]);

  // Opening the thread (and every new incoming message while it is open) marks it read.
  const lastIncoming = [...messages].reverse().find((m) => m.receiverId === me && !m.read)?.id;
  useEffect(() => {
    if (lastIncoming) void markRead(id);
  }, [id, lastIncoming, markRead]);

  // Keep the newest message in view as messages arrive (not when older ones are prepended).
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [newest, pendingAll.length]);

  // An outbox entry whose stored copy is in the thread is that message (one per (me, clientMessageId)).
  const sentIds = new Set(messages.filter((m) => m.senderId === me).map((m) => m.clientMessageId));
  const pending = pendingAll.filter(
    (entry) =>
      !sentIds.has(entry.id) &&
      (entry.payload.conversationId === id ||
        (entry.payload.conversationId === null && otherId !== null && entry.payload.receiverId === otherId)),
  );
  // Kept current (an `online` event re-renders), unlike a read of navigator.onLine at render time.
  const offline = useNetworkStatus() === 'offline';

  const dayLabel = (iso: string) => {
    const day = dhakaDay(iso);
    const today = dhakaDay(new Date(openedAt).toISOString());
    const yesterday = dhakaDay(new Date(openedAt - 86_400_000).toISOString());
    return day === today ? t('today') : day === yesterday ? t('yesterday') : formatDate(iso, lang);
  };

  const renderMessage = (message: Message, index: number) => {
    const mine = message.senderId === me;
    const day = dhakaDay(message.createdAt);
    const previous = messages[index - 1];
    const separator = !previous || dhakaDay(previous.createdAt) !== day;
    return [
      separator && (
        <li key={`day-${day}`} className="chat-day" aria-hidden="false">
          <span>{dayLabel(message.createdAt)}</span>
        </li>
      ),
      <li key={message.id} className={mine ? 'chat-bubble is-mine' : 'chat-bubble'}>
        <p className="chat-text">{message.content}</p>
        <p className="chat-meta">
          <time dateTime={message.createdAt}>{formatClock(dhakaTime(message.createdAt), lang)}</time>
          {mine && <span className="chat-receipt">{message.read ? `✓✓ ${t('read')}` : `✓ ${t('sent')}`}</span>}
        </p>
      </li>,
    ];
  };

  return (
    <div className="chat-thread-page">
      <header className="chat-thread-head">
        <Button component={Link} variant="text" to="/chat">
          ← {t('back')}
        </Button>
        <h1>{title}</h1>
      </header>
      {/* Offline, or connected while the server did not answer: the history shown is the phone's copy. */}
      {(offline || thread.data?.fromDevice) && (
        <p className="chat-offline" role="status">
          {t(offline ? 'offline' : 'fromDevice')}
        </p>
      )}
      <div className="chat-thread">
        {thread.data?.hasOlder ? (
          <Button
            variant="outlined"
            className="chat-older"
            type="button"
            onClick={() => setPage((thread.data?.page ?? 0) + 1)}
            disabled={thread.isFetching}
          >
            {t('older')}
          </Button>
        ) : (
          thread.data && messages.length >= 20 && <p className="chat-no-more">{t('noMore')}</p>
        )}
        {thread.isLoading && (
          <p role="status" className="muted">
            {t('threadLoading')}
          </p>
        )}
        {thread.error && !thread.data && !refused && (
          <p className="alert alert-error" role="alert">
            {t('threadFailed')}
          </p>
        )}
        <ol ref={list} className="chat-messages" aria-label={title}>
          {messages.flatMap(renderMessage)}
          {pending.map((entry) => (
            <li key={entry.id} className="chat-bubble is-mine is-pending">
              <p className="chat-text">{entry.payload.content}</p>
              {entry.state === 'failed' ? (
                <p className="chat-meta chat-failed">
                  <span role="alert">
                    {t('failedToSend')}
                    {entry.error ? `: ${tx(entry.error)}` : ''}
                  </span>
                  <Button variant="text" type="button" onClick={() => void actions.retry(entry.id)}>
                    {t('retry')}
                  </Button>
                  <Button variant="text" type="button" onClick={() => void actions.remove(entry.id)}>
                    {t('delete')}
                  </Button>
                </p>
              ) : (
                <p className="chat-meta">
                  <span className="chat-receipt">{offline ? t('pendingOffline') : t('pending')}</span>
                </p>
              )}
            </li>
          ))}
        </ol>
      </div>
      {conversation?.otherParticipantDeleted ? (
        <p className="chat-closed" role="note">
          {t('accountDeleted')}
        </p>
      ) : (
        otherId && <Composer onSend={(content) => actions.send({ receiverId: otherId, content, conversationId: id })} />
      )}
    </div>
  );
}
