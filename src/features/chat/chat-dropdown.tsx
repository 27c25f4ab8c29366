/**
 * The header's chat dropdown (docs/product.md §2): 'Messages' with View all, the 10 most recent conversations,
 * a total unread badge capped at 99+, and the loading / empty / failure states. It also mounts the
 * tab's live chat layer (socket events, the outbox's flushes, 30 s polling while the socket is down),
 * so messages arrive and pending ones leave on every screen, not only in the chat screens.
 */
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { HeaderDropdown } from '../../components/header/header-dropdown';
import { useT } from '../../lib/i18n';
import { useConnectionSnapshot } from '../../lib/realtime/realtime';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useChatUnreadCountQuery, useConversationsQuery } from './api/chat-api';
import { CHAT_POLL_MS, useChatLive } from './chat-live';
import { chatMessages } from './chat-messages';
import { ConversationList } from './conversation-list';
import Button from '@mui/material/Button';
import './chat.css';

const SHOWN = 10;
const TOTAL_CAP = 99;

export function ChatDropdown() {
  const t = useT(chatMessages);
  const me = useSessionSelector(selectUser)?.id ?? '';
  const connection = useChatLive();
  const { state } = useConnectionSnapshot(connection);
  const pollingInterval = state === 'connected' ? 0 : CHAT_POLL_MS;
  const { data: unread } = useChatUnreadCountQuery(undefined, { pollingInterval });
  const [open, setOpen] = useState(false);
  const conversations = useConversationsQuery(undefined, { skip: !open });
  const total = unread?.totalUnreadCount ?? 0;

  return (
    <HeaderDropdown
      id="chat-panel"
      title={t('dropdownLabel')}
      buttonLabel={total > 0 ? t('dropdownUnread', { n: total }) : t('dropdownLabel')}
      count={total}
      cap={TOTAL_CAP}
      icon="M4 5h16v11H9l-4 3v-3H4z"
      onOpenChange={setOpen}
      action={({ close }) => (
        <Button component={Link} variant="text" to="/chat" onClick={close}>
          {t('viewAll')}
        </Button>
      )}
    >
      {({ close }) => (
        <div className="hd-panel-body">
          {conversations.isLoading && (
            <p className="hd-state" role="status">
              {t('loading')}
            </p>
          )}
          {conversations.error && !conversations.data && (
            <div className="hd-state" role="alert">
              <p className="hd-state-title">{t('failed')}</p>
              <p>{t('networkHint')}</p>
              <Button variant="outlined" type="button" onClick={() => void conversations.refetch()}>
                {t('tryAgain')}
              </Button>
            </div>
          )}
          {conversations.data?.length === 0 && (
            <div className="hd-state">
              <p className="hd-state-title">{t('emptyTitle')}</p>
              <p>{t('emptyBody')}</p>
            </div>
          )}
          {conversations.data && conversations.data.length > 0 && (
            <ConversationList conversations={conversations.data.slice(0, SHOWN)} me={me} onOpen={close} />
          )}
        </div>
      )}
    </HeaderDropdown>
  );
}
