/** The team's answer under a feedback item or complaint, when there is one. */
import { useT } from '../../lib/i18n';
import { feedbackMessages } from './feedback-messages';

export function InboxAnswer({ response }: { response: string | null }) {
  const t = useT(feedbackMessages);
  if (!response) return null;
  return (
    <div className="inbox-answer">
      <p className="inbox-answer-title">{t('answer')}</p>
      <p className="inbox-text">{response}</p>
    </div>
  );
}
