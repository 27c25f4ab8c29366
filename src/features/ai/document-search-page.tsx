/**
 * /document-search: one search box over the laws of Bangladesh and the documents of the user's own
 * cases (the server returns only what they may see), with the filters the API has — where (laws,
 * my documents, both), the law's language, one Act (picked from a result, since there is no list of
 * Acts to choose from) — all in the address, so a search survives reload and can be shared.
 * Snippets come HTML-escaped with the matches in <mark>; they are split into React text and <mark>
 * elements (snippet.ts), never set as HTML.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AiSearchResult } from '../../../contract/ai';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { aiMessages } from './ai-messages';
import { LawStatusNote, OfficialLink } from './law-parts';
import { useAiSearchQuery } from './api/ai-api';
import { readSearchAddress } from './search-address';
import { snippetParts } from './snippet';
import Button from '@mui/material/Button';
import './ai.css';

export function DocumentSearchPage() {
  const t = useT(aiMessages);
  const [params, setParams] = useSearchParams();
  const { args, actTitle } = readSearchAddress(params);
  const [text, setText] = useState(params.get('q') ?? '');
  const { data, error, isFetching, refetch } = useAiSearchQuery(args ?? skipToken);
  useDocumentTitle(t('searchTitle'));

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() });
  };

  const scope = params.get('scope') ?? 'all';
  return (
    <div className="container page ai-page">
      <header className="ai-head">
        <div>
          <h1>{t('searchTitle')}</h1>
          <p className="muted">{t('searchIntro')}</p>
        </div>
        <nav className="ai-nav" aria-label={t('searchTitle')}>
          <Button component={Link} variant="text" to="/ai-chat">
            {t('chatTitle')}
          </Button>
        </nav>
      </header>

      <form role="search" className="card ai-search" onSubmit={submit}>
        <div className="ai-search-row">
          <TextField
            label={t('searchLabel')}
            type="search"
            maxLength={500}
            value={text}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <Button variant="contained" type="submit">
            {t('searchButton')}
          </Button>
        </div>
        <fieldset className="ai-filters">
          <legend>{t('filters')}</legend>
          <SelectField
            label={t('scope')}
            value={args?.act_id !== undefined ? 'laws' : scope}
            disabled={args?.act_id !== undefined}
            onChange={(event) => update({ scope: event.target.value === 'all' ? null : event.target.value })}
            options={[
              { value: 'all', label: t('scopeAll') },
              { value: 'laws', label: t('scopeLaws') },
              { value: 'documents', label: t('scopeDocuments') },
            ]}
          />
          <SelectField
            label={t('language')}
            value={params.get('lang') ?? ''}
            onChange={(event) => update({ lang: event.target.value || null })}
            options={[
              { value: '', label: t('languageAny') },
              { value: 'en', label: t('answerEnglish') },
              { value: 'bn', label: t('answerBangla') },
            ]}
          />
          {args?.act_id !== undefined && (
            <p className="ai-act-filter">
              <span>{t('actFilter', { act: actTitle ?? String(args.act_id) })}</span>{' '}
              <Button variant="text" type="button" onClick={() => update({ act: null, actTitle: null })}>
                {t('clearAct')}
              </Button>
            </p>
          )}
        </fieldset>
      </form>

      <div role="status" aria-live="polite">
        {args && data && !isFetching && <p className="muted">{t('resultCount', { n: data.results.length })}</p>}
      </div>
      {args && isFetching && <LoadingState label={t('searching')} />}
      {args && error && !isFetching && (
        <ErrorState error={error} title={t('searchFailed')} onRetry={() => void refetch()} />
      )}
      {args && data && !isFetching && data.results.length === 0 && <EmptyState title={t('noResults')} />}
      {args && data && !isFetching && data.results.length > 0 && (
        <ol className="ai-results">
          {data.results.map((result) => (
            <li key={result.id} className="card ai-result">
              <SearchResult
                result={result}
                onOnlyAct={(actId, title) => update({ act: String(actId), actTitle: title, scope: null })}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function SearchResult({
  result,
  onOnlyAct,
}: {
  result: AiSearchResult;
  onOnlyAct: (actId: number, title: string) => void;
}) {
  const t = useT(aiMessages);
  const isLaw = result.source === 'law';
  const label = isLaw
    ? result.section
      ? t('sourceLabel', { act: result.title, section: result.section })
      : t('preamble', { act: result.title })
    : result.title;
  return (
    <article aria-label={label}>
      <p className="ai-result-kind muted">{isLaw ? t('lawResult') : t('documentResult')}</p>
      <h2 className="ai-result-title">{label}</h2>
      {result.heading && <p className="muted">{result.heading}</p>}
      <LawStatusNote status={result.status} note={result.status_note} />
      <p className="ai-snippet" lang={result.language ?? undefined}>
        {snippetParts(result.snippet).map((part, i) =>
          part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
        )}
      </p>
      <details className="ai-source-text">
        <summary>{t('showText')}</summary>
        <p lang={result.language ?? undefined}>{result.text}</p>
      </details>
      <div className="btn-row">
        <OfficialLink url={result.url} act={result.title} className="ai-official" />
        {isLaw && result.act_id !== null && (
          <Button variant="text" type="button" onClick={() => onOnlyAct(result.act_id ?? 0, result.title)}>
            {t('onlyThisAct')}
          </Button>
        )}
        {result.case_id && (
          <Button component={Link} variant="text" to={`/case/${result.case_id}?tab=documents`}>
            {t('openCase')}
          </Button>
        )}
      </div>
    </article>
  );
}
