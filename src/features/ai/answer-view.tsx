/**
 * One answer of the assistant: its text with each citation marker linked to its source, the sources
 * (Act + section, or the user's own document and part) each with its full text behind a disclosure
 * and the official bdlaws page, the "no longer in force" note of a replaced law, "nothing relevant
 * found" when the server found nothing, the lawyers to look for (chips into /find-lawyer filtered by
 * specialization) and the not-legal-advice line the server ends every answer with.
 */
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { AiChatSource, AiHistoryMessage } from '../../../contract/ai';
import { SPECIALIZATION_NAMES, SpecializationSchema, type Specialization } from '../../../contract/enums';
import { toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { aiMessages } from './ai-messages';
import { LawStatusNote, OfficialLink } from './law-parts';
import { answerParts } from './snippet';

type Metadata = AiHistoryMessage['metadata'];

export function AnswerView({
  messageId,
  content,
  metadata,
}: {
  messageId: string;
  content: string;
  metadata: Metadata;
}) {
  const t = useT(aiMessages);
  const sources = metadata.sources ?? [];
  const answer = metadata.answer;
  const specializations = (answer?.specializations ?? []).flatMap((s) => {
    const parsed = SpecializationSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
  const lines = content.split('\n');
  const last = lines.length - 1;
  const anchor = (n: number) => `src-${messageId}-${n}`;

  return (
    <div className="ai-answer">
      {answer?.found === false && (
        <p className="alert alert-info ai-nothing">
          <strong>{t('nothingFound')}</strong> {t('nothingFoundHint')}
        </p>
      )}
      <div className="ai-answer-text">
        {lines.map((line, i) =>
          line.trim() === '' ? null : (
            <p key={i} className={i === last ? 'ai-disclaimer' : undefined}>
              {answerParts(line).map((part, j) => {
                if (part.kind === 'text') return <Fragment key={j}>{part.text}</Fragment>;
                if (part.kind === 'lawyers') {
                  return (
                    <Link key={j} to={part.href}>
                      {part.href}
                    </Link>
                  );
                }
                return part.n >= 1 && part.n <= sources.length ? (
                  <a key={j} className="ai-cite" href={`#${anchor(part.n)}`}>
                    [{part.n}]
                  </a>
                ) : (
                  <Fragment key={j}>[{part.n}]</Fragment>
                );
              })}
            </p>
          ),
        )}
      </div>
      {sources.length > 0 && (
        <section className="ai-sources" aria-label={t('sources')}>
          <h3 className="ai-sources-title">{t('sources')}</h3>
          <ol>
            {sources.map((source, i) => (
              <li key={source.id} id={anchor(i + 1)} className="ai-source">
                <SourceCard n={i + 1} source={source} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {specializations.length > 0 && <LawyerChips specializations={specializations} />}
      {answer === undefined && <p className="ai-disclaimer">{t('notAdvice')}</p>}
    </div>
  );
}

function SourceCard({ n, source }: { n: number; source: AiChatSource }) {
  const t = useT(aiMessages);
  const { lang } = useLang();
  // Section numbers arrive as text ("39", "65B"): in Bangla they read "ধারা ৩৯" (issue 20).
  const section = source.section && lang === 'bn' ? toBengaliDigits(source.section) : source.section;
  const isDocument = source.filename !== null;
  const label = isDocument
    ? t('documentSourceLabel', { name: source.filename ?? source.document_name, part: source.page_number ?? 1 })
    : source.section
      ? t('sourceLabel', { act: source.act_title, section: section ?? '' })
      : t('preamble', { act: source.act_title });
  return (
    <article aria-label={label}>
      <p className="ai-source-head">
        <span className="ai-source-n">[{n}]</span> <strong>{label}</strong>
        {source.heading && <span className="muted"> — {source.heading}</span>}
      </p>
      <LawStatusNote status={source.status} note={source.status_note} />
      <details className="ai-source-text">
        <summary>{isDocument ? t('showPassage') : t('showSection')}</summary>
        <p lang={source.language ?? undefined}>{source.text}</p>
      </details>
      <OfficialLink url={source.url} act={source.act_title} className="ai-official" />
    </article>
  );
}

function LawyerChips({ specializations }: { specializations: readonly Specialization[] }) {
  const t = useT(aiMessages);
  const { lang } = useLang();
  return (
    <nav className="ai-lawyers" aria-label={t('lawyersFor')}>
      <p className="ai-lawyers-title">{t('lawyersFor')}</p>
      <ul className="ai-chips">
        {specializations.map((spec) => (
          <li key={spec}>
            <Link
              className="ai-chip"
              to={`/find-lawyer?spec=${spec}`}
              aria-label={t('findLawyerSpec', { spec: SPECIALIZATION_NAMES[spec][lang] })}
            >
              {SPECIALIZATION_NAMES[spec][lang]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
