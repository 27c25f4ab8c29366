/**
 * The message composer of the chat screens: Enter sends (Shift+Enter is a new line, and an input
 * method composing Bangla is never interrupted), at most 1000 characters with the reason shown.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_CONTENT_MAX } from '../../../contract/constants';
import { localDigits } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { chatMessages } from './chat-messages';
import Button from '@mui/material/Button';

export function Composer({
  initial = '',
  onSend,
}: {
  initial?: string;
  onSend: (content: string) => Promise<unknown>;
}) {
  const t = useT(chatMessages);
  const { lang } = useLang();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const tooLong = text.length > CHAT_CONTENT_MAX;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content || tooLong || busy) return;
    setBusy(true);
    try {
      await onSend(content);
      setText('');
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
  };

  return (
    <form className="chat-composer" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor="chat-composer-text">
        {t('composerLabel')}
      </label>
      <textarea
        id="chat-composer-text"
        rows={2}
        value={text}
        placeholder={t('composerPlaceholder')}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? 'chat-composer-error' : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button variant="contained" type="submit" disabled={busy || !text.trim() || tooLong}>
        {busy ? t('sending') : t('send')}
      </Button>
      {tooLong && (
        <p id="chat-composer-error" className="field-error" role="alert">
          {t('tooLong', { max: CHAT_CONTENT_MAX })} ({localDigits(String(text.length), lang)})
        </p>
      )}
    </form>
  );
}
