/**
 * A list of conversations (the inbox and the header's dropdown): the other person, the latest
 * message (mine prefixed "You:"), how long ago (Just now / Nm / Nh / Nd ago), and an unread badge
 * capped at 9+ (docs/product.md §2, §9).
 */
import { Link } from 'react-router-dom';
import type { Conversation } from '../../../contract/chat';
import { formatBadge, formatRelativeTime } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { chatMessages } from './chat-messages';

const PER_CONVERSATION_CAP = 9;

export function ConversationList({
  conversations,
  me,
  onOpen,
}: {
  conversations: readonly Conversation[];
  me: string;
  onOpen?: () => void;
}) {
  const t = useT(chatMessages);
  const { lang } = useLang();
  return (
    <ul className="chat-list">
      {conversations.map((c) => {
        const latest = c.latestMessage;
        const preview = latest ? `${latest.senderId === me ? `${t('you')}: ` : ''}${latest.content}` : '';
        return (
          <li key={c.id} className={c.unreadCount > 0 ? 'chat-row is-unread' : 'chat-row'}>
            <Link to={`/chat/${c.id}`} className="chat-row-link" onClick={onOpen}>
              <span className="avatar" aria-hidden="true">
                {(Array.from(c.otherParticipantName)[0] ?? '?').toLocaleUpperCase()}
              </span>
              <span className="chat-row-main">
                <span className="chat-row-name">{c.otherParticipantName}</span>
                <span className="chat-row-preview">{preview}</span>
              </span>
              <span className="chat-row-side">
                <time dateTime={c.updatedAt}>{formatRelativeTime(c.updatedAt, lang)}</time>
                {c.unreadCount > 0 && (
                  <span className="chat-badge" aria-label={t('unreadBadge', { n: c.unreadCount })}>
                    {formatBadge(c.unreadCount, PER_CONVERSATION_CAP, lang)}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
