/** Pieces an answer's source and a search result share: the law's status note and its bdlaws link. */
import type { AiChatSource } from '../../../contract/ai';
import { useT } from '../../lib/i18n';
import { aiMessages } from './ai-messages';

/** "No longer in force. Repealed by …" for a replaced law, "Amending law. Amends …" for an amending one. */
export function LawStatusNote({ status, note }: { status: AiChatSource['status']; note: string | null }) {
  const t = useT(aiMessages);
  if (status === 'repealed') {
    return (
      <p className="ai-status ai-status-replaced">
        <strong>{t('replacedNote')}.</strong> {note}
      </p>
    );
  }
  if (status === 'amending' && note) {
    return (
      <p className="ai-status">
        <strong>{t('amendingNote')}.</strong> {note}
      </p>
    );
  }
  return null;
}

/** The Act's official page on bdlaws, in a new tab. */
export function OfficialLink({ url, act, className }: { url: string | null; act: string; className: string }) {
  const t = useT(aiMessages);
  if (!url) return null;
  return (
    <a
      className={className}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('officialTextOf', { act })}
    >
      {t('officialText')}
    </a>
  );
}
