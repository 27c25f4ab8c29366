/**
 * /ai-chat (a new chat) and /ai-chat/{sessionId} (an earlier one, reopened with its history, and
 * continued). The router's guard has already sent a malformed session id back to /ai-chat; a
 * well-formed one that is not the user's is "not found" here. The first answer of a new chat moves
 * the address to its session, so reload, back and /chat-history all find it. The history is read
 * through the service worker like every API read, so an earlier chat opens offline from the phone
 * (with the "showing what was saved" note); asking needs the network.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AiChatBody, AiHistoryMessage } from '../../../contract/ai';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { SelectField } from '../../components/form/select-field';
import { TextareaField } from '../../components/form/textarea-field';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { StaleNote } from '../../components/offline/stale-note';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { aiMessages } from './ai-messages';
import { useAiText } from './ai-text';
import { AnswerView } from './answer-view';
import { aiApi, useAiChatMutation, useAiCreateSessionMutation, useAiHistoryQuery } from './api/ai-api';
import { DocumentsPanel } from './documents-panel';
import Button from '@mui/material/Button';
import './ai.css';

export function AiChatPage() {
  return <ChatScreen sessionId={null} />;
}

export function AiChatSessionPage() {
  const { sessionId = '' } = useParams();
  return <ChatScreen key={sessionId} sessionId={sessionId} />;
}

type AnswerLanguage = NonNullable<AiChatBody['language']>;

function ChatScreen({ sessionId }: { sessionId: string | null }) {
  const t = useT(aiMessages);
  const ta = useAiText();
  const navigate = useNavigate();
  const history = useAiHistoryQuery(sessionId ?? skipToken);
  const [ask, asking] = useAiChatMutation();
  const [createSession] = useAiCreateSessionMutation();
  const needs = useNeedsNetwork();
  const [question, setQuestion] = useState('');
  const [language, setLanguage] = useState<AnswerLanguage | ''>('');
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  useDocumentTitle(history.data?.session_info.title ?? t('chatTitle'));

  const messages = history.data?.messages ?? [];
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = question.trim();
    if (!message || asking.isLoading) return;
    setFailure(null);
    setPending(message);
    try {
      const answer = await ask({
        message,
        context_limit: 8,
        ...(sessionId ? { session_id: sessionId } : {}),
        ...(language ? { language } : {}),
      }).unwrap();
      setQuestion('');
      if (!sessionId) void navigate(`/ai-chat/${answer.session_id}`);
    } catch (error) {
      setFailure(ta(formErrorText(error, t('sendFailed'))));
    } finally {
      setPending(null);
    }
  };

  const ensureSession = async () => sessionId ?? (await createSession({}).unwrap()).session_id;
  // A new chat that got a document is a session now: its address, so the document stays with it.
  const attached = (id: string) => {
    if (!sessionId) void navigate(`/ai-chat/${id}`, { replace: true });
  };

  const missing = isAppError(history.error) && history.error.status === 404;
  return (
    <div className="container page ai-page">
      <header className="ai-head">
        <div>
          <h1>{history.data?.session_info.title ?? t('chatTitle')}</h1>
          {!sessionId && <p className="muted">{t('chatIntro')}</p>}
          {sessionId && <StaleNote endpoint={aiApi.endpoints.aiHistory} args={sessionId} />}
        </div>
        <nav className="ai-nav" aria-label={t('chatTitle')}>
          {sessionId && (
            <Button component={Link} variant="outlined" to="/ai-chat">
              {t('newChat')}
            </Button>
          )}
          <Button component={Link} variant="text" to="/chat-history">
            {t('history')}
          </Button>
          <Button component={Link} variant="text" to="/document-search">
            {t('documentSearch')}
          </Button>
        </nav>
      </header>

      {missing ? (
        <div className="card">
          <p>{t('sessionMissing')}</p>
          <Button component={Link} variant="contained" to="/ai-chat">
            {t('startNew')}
          </Button>
        </div>
      ) : (
        <>
          {sessionId && history.isLoading && <LoadingState label={t('sessionLoading')} />}
          {sessionId && history.error && !history.data && (
            <ErrorState error={history.error} title={t('sessionFailed')} onRetry={() => void history.refetch()} />
          )}
          <ol className="ai-messages" aria-label={t('chatTitle')}>
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
            {pending && (
              <li className="ai-message ai-message-user">
                <p className="ai-who">{t('you')}</p>
                <p className="ai-question">{pending}</p>
              </li>
            )}
          </ol>
          {sessionId && !history.isLoading && messages.length === 0 && !pending && (
            <p className="muted">{t('emptyChat')}</p>
          )}
          <div role="status" aria-live="polite" className="ai-progress">
            {pending && <p>{t('sending')}</p>}
          </div>
          <div ref={end} />

          <form className="card ai-composer" onSubmit={(event) => void submit(event)} noValidate>
            {failure && (
              <p className="alert alert-error" role="alert">
                {failure}
              </p>
            )}
            <TextareaField
              label={t('questionLabel')}
              rows={3}
              maxLength={4000}
              value={question}
              placeholder={t('questionPlaceholder')}
              hint={t('questionHint')}
              onChange={(event) => setQuestion(event.target.value)}
            />
            <div className="ai-composer-row">
              <SelectField
                label={t('answerLanguage')}
                value={language}
                onChange={(event) => setLanguage(event.target.value as AnswerLanguage | '')}
                options={[
                  { value: '', label: t('answerAuto') },
                  { value: 'en', label: t('answerEnglish') },
                  { value: 'bn', label: t('answerBangla') },
                ]}
              />
              <Button
                variant="contained"
                type="submit"
                disabled={asking.isLoading || needs.disabled || question.trim() === ''}
                aria-describedby={needs.describedBy}
              >
                {t('send')}
              </Button>
            </div>
            <NeedsNetworkNote needs={needs} />
            <p className="ai-disclaimer">{t('notAdvice')}</p>
          </form>

          <DocumentsPanel sessionId={sessionId} ensureSession={ensureSession} onAttached={attached} />
        </>
      )}
    </div>
  );
}

function MessageItem({ message }: { message: AiHistoryMessage }) {
  const t = useT(aiMessages);
  if (message.role === 'user') {
    return (
      <li className="ai-message ai-message-user">
        <p className="ai-who">{t('you')}</p>
        <p className="ai-question">{message.content}</p>
      </li>
    );
  }
  return (
    <li className="ai-message ai-message-assistant">
      <p className="ai-who">{t('assistant')}</p>
      <AnswerView messageId={message.id} content={message.content} metadata={message.metadata} />
    </li>
  );
}
