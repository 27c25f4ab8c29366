/**
 * The header's chat dropdown (SPEC §2): 'Messages' with View all, the 10 most recent conversations,
 * a total unread badge capped at 99+, and the loading / empty / failure states. It also mounts the
 * tab's live chat layer (socket events, the outbox's flushes, 30 s polling while the socket is down),
 * so messages arrive and pending ones leave on every screen, not only in the chat screens.
 */
import { Link } from 'react-router';
import { useDisclosure } from '../../components/header/use-disclosure';
import { formatBadge } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useConnectionSnapshot } from '../../lib/realtime/realtime';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useChatUnreadCountQuery, useConversationsQuery } from './api/chat-api';
import { CHAT_POLL_MS, useChatLive } from './chat-live';
import { chatMessages } from './chat-messages';
import { ConversationList } from './conversation-list';
import './chat.css';

const SHOWN = 10;
const TOTAL_CAP = 99;

export function ChatDropdown() {
  const t = useT(chatMessages);
  const { lang } = useLang();
  const me = useSessionSelector(selectUser)?.id ?? '';
  const connection = useChatLive();
  const { state } = useConnectionSnapshot(connection);
  const pollingInterval = state === 'connected' ? 0 : CHAT_POLL_MS;
  const { data: unread } = useChatUnreadCountQuery(undefined, { pollingInterval });
  const { open, toggle, close, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  const conversations = useConversationsQuery(undefined, { skip: !open });
  const total = unread?.totalUnreadCount ?? 0;

  return (
    <div className="chat-center">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button hd-button"
        aria-expanded={open}
        aria-controls="chat-panel"
        aria-label={total > 0 ? t('dropdownUnread', { n: total }) : t('dropdownLabel')}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M4 5h16v11H9l-4 3v-3H4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {total > 0 && (
          <span className="hd-badge" aria-hidden="true">
            {formatBadge(total, TOTAL_CAP, lang)}
          </span>
        )}
      </button>
      <div
        ref={panelRef}
        id="chat-panel"
        className={open ? 'hd-panel is-open' : 'hd-panel'}
        role="region"
        aria-label={t('dropdownLabel')}
      >
        <div className="hd-panel-head">
          <h2>{t('dropdownLabel')}</h2>
          <Link to="/chat" className="btn btn-link" onClick={close}>
            {t('viewAll')}
          </Link>
        </div>
        <div className="hd-panel-body">
          {open && conversations.isLoading && (
            <p className="hd-state" role="status">
              {t('loading')}
            </p>
          )}
          {open && conversations.error && !conversations.data && (
            <div className="hd-state" role="alert">
              <p className="hd-state-title">{t('failed')}</p>
              <p>{t('networkHint')}</p>
              <button type="button" className="btn btn-secondary" onClick={() => void conversations.refetch()}>
                {t('tryAgain')}
              </button>
            </div>
          )}
          {open && conversations.data?.length === 0 && (
            <div className="hd-state">
              <p className="hd-state-title">{t('emptyTitle')}</p>
              <p>{t('emptyBody')}</p>
            </div>
          )}
          {open && conversations.data && conversations.data.length > 0 && (
            <ConversationList conversations={conversations.data.slice(0, SHOWN)} me={me} onOpen={close} />
          )}
        </div>
      </div>
    </div>
  );
}
