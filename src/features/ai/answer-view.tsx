/**
 * One answer of the assistant. An answer that carries a lead (server/ai/answer/compose.ts) reads
 * like help: the lead first (one to three sentences that answer the question, each claim with its
 * citation marker), then at most three cited sections — each showing its one most relevant sentence
 * marked (`highlight` / `highlight_start`) with the rest of the section folded behind an accessible
 * expand control — then the lawyer hand-off as a button into the directory filtered by the one
 * specialization that fits, and the not-legal-advice line. Answers stored before the lead existed
 * keep the older layout: the whole text, every source behind a disclosure and lawyer chips.
 * Either way: the "no longer in force" note of a replaced law, "nothing relevant found" when the
 * server found nothing, and never a raw address shown as text.
 */
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import type { AiChatSource, AiHistoryMessage } from '../../../contract/ai';
import { SPECIALIZATION_NAMES, SpecializationSchema, type Specialization } from '../../../contract/enums';
import { toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { aiMessages } from './ai-messages';
import { LawStatusNote, OfficialLink } from './law-parts';
import { answerParts } from './snippet';

type Metadata = AiHistoryMessage['metadata'];

/** Cited sections shown under the lead at most. */
export const MAX_SHOWN_SOURCES = 3;

export function AnswerView({
  messageId,
  content,
  metadata,
}: {
  messageId: string;
  content: string;
  metadata: Metadata;
}) {
  const lead = metadata.answer?.lead;
  return lead ? (
    <LeadAnswer messageId={messageId} content={content} metadata={metadata} lead={lead} />
  ) : (
    <TextAnswer messageId={messageId} content={content} metadata={metadata} />
  );
}

const anchorOf = (messageId: string, n: number) => `src-${messageId}-${n}`;

/** A line of answer text with its citation markers linked to their sources; addresses never shown. */
function AnswerLine({ line, messageId, sourceCount }: { line: string; messageId: string; sourceCount: number }) {
  return (
    <>
      {answerParts(line).map((part, j) => {
        if (part.kind === 'text') return <Fragment key={j}>{part.text}</Fragment>;
        if (part.kind === 'lawyers') return null;
        return part.n >= 1 && part.n <= sourceCount ? (
          <a key={j} className="ai-cite" href={`#${anchorOf(messageId, part.n)}`}>
            [{part.n}]
          </a>
        ) : (
          <Fragment key={j}>[{part.n}]</Fragment>
        );
      })}
    </>
  );
}

function specializationsOf(metadata: Metadata): Specialization[] {
  const answer = metadata.answer;
  if (answer?.lawyer) return [answer.lawyer.specialization];
  return (answer?.specializations ?? []).flatMap((s) => {
    const parsed = SpecializationSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

function LeadAnswer({
  messageId,
  content,
  metadata,
  lead,
}: {
  messageId: string;
  content: string;
  metadata: Metadata;
  lead: string;
}) {
  const sources = (metadata.sources ?? []).slice(0, MAX_SHOWN_SOURCES);
  const answer = metadata.answer;
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const closing = paragraphs.at(-1)?.split('\n').at(-1) ?? '';
  // A language model's body goes on after its lead; the composed answer's quotes are the cards below.
  const body = answer?.generator === 'llm' ? paragraphs.slice(1, -1) : [];
  const specialization = specializationsOf(metadata)[0];
  return (
    <div className="ai-answer">
      <p className="ai-lead">
        <AnswerLine line={lead} messageId={messageId} sourceCount={sources.length} />
      </p>
      {body.map((paragraph, i) => (
        <p key={i} className="ai-body">
          <AnswerLine line={paragraph} messageId={messageId} sourceCount={sources.length} />
        </p>
      ))}
      <SourcesList messageId={messageId} sources={sources} Item={CitedSection} />
      {specialization && <LawyerButton specialization={specialization} />}
      {closing && <p className="ai-disclaimer">{closing}</p>}
    </div>
  );
}

/** The numbered sources under an answer; each item's id is the anchor its [n] markers link to. */
function SourcesList({
  messageId,
  sources,
  Item,
}: {
  messageId: string;
  sources: readonly AiChatSource[];
  Item: (props: { n: number; source: AiChatSource }) => ReactNode;
}) {
  const t = useT(aiMessages);
  if (sources.length === 0) return null;
  return (
    <section className="ai-sources" aria-label={t('sources')}>
      <h3 className="ai-sources-title">{t('sources')}</h3>
      <ol>
        {sources.map((source, i) => (
          <li key={source.id} id={anchorOf(messageId, i + 1)} className="ai-source">
            <Item n={i + 1} source={source} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "[n] Act, section — heading" above a cited source. */
function SourceHead({ n, label, heading }: { n: number; label: string; heading: string | null | undefined }) {
  return (
    <p className="ai-source-head">
      <span className="ai-source-n">[{n}]</span> <strong>{label}</strong>
      {heading && <span className="muted"> — {heading}</span>}
    </p>
  );
}

/** The Act and section of a source in the reader's language ("ধারা ৩৭৯" in Bangla). */
function useSourceLabel(source: AiChatSource): string {
  const t = useT(aiMessages);
  const { lang } = useLang();
  // Section numbers arrive as text ("39", "65B"): in Bangla they read "ধারা ৩৯" (issue 20).
  const section = source.section && lang === 'bn' ? toBengaliDigits(source.section) : source.section;
  if (source.filename !== null) {
    return t('documentSourceLabel', { name: source.filename ?? source.document_name, part: source.page_number ?? 1 });
  }
  return source.section
    ? t('sourceLabel', { act: source.act_title, section: section ?? '' })
    : t('preamble', { act: source.act_title });
}

/** Where the highlighted sentence sits in the section: the server's offset when it still fits. */
export function highlightRange(source: Pick<AiChatSource, 'text' | 'highlight' | 'highlight_start'>) {
  const { text, highlight } = source;
  if (!highlight) return null;
  const start =
    source.highlight_start !== undefined && text.startsWith(highlight, source.highlight_start)
      ? source.highlight_start
      : text.indexOf(highlight);
  return start === -1 ? null : { start, end: start + highlight.length };
}

/**
 * One cited section: its label and heading, the most relevant sentence marked, and the rest of the
 * section folded behind a button that says whether it is open (aria-expanded) and what it opens.
 */
function CitedSection({ n, source }: { n: number; source: AiChatSource }) {
  const t = useT(aiMessages);
  const label = useSourceLabel(source);
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const range = highlightRange(source);
  const lang = source.language ?? undefined;
  const before = range ? source.text.slice(0, range.start) : '';
  const marked = range ? source.text.slice(range.start, range.end) : '';
  const after = range ? source.text.slice(range.end) : source.text;
  const hasMore = range ? (before + after).trim() !== '' : source.text.trim() !== '';
  const isDocument = source.filename !== null;
  return (
    <article aria-label={label}>
      <SourceHead n={n} label={label} heading={source.heading} />
      <LawStatusNote status={source.status} note={source.status_note} />
      {range && !open && (
        <p className="ai-highlight" lang={lang}>
          {before.trim() && <span aria-hidden="true">… </span>}
          <mark>{marked}</mark>
          {after.trim() && <span aria-hidden="true"> …</span>}
        </p>
      )}
      <Collapse in={open || !range} id={foldId} unmountOnExit={Boolean(range)}>
        <p className="ai-source-full" lang={lang}>
          {before}
          {range && <mark>{marked}</mark>}
          {after}
        </p>
      </Collapse>
      {range && hasMore && (
        <Button size="small" aria-expanded={open} aria-controls={foldId} onClick={() => setOpen((was) => !was)}>
          {open ? t('foldSection') : isDocument ? t('showPassage') : t('showWholeSection')}
        </Button>
      )}
      <OfficialLink url={source.url} act={source.act_title} className="ai-official" />
    </article>
  );
}

/** The lawyer hand-off: one button into the directory filtered by the specialization that fits. */
function LawyerButton({ specialization }: { specialization: Specialization }) {
  const t = useT(aiMessages);
  const { lang } = useLang();
  return (
    <p className="ai-lawyer">
      <Button variant="contained" component={Link} to={`/find-lawyer?spec=${specialization}`}>
        {t('findLawyerSpec', { spec: SPECIALIZATION_NAMES[specialization][lang] })}
      </Button>
    </p>
  );
}

/** The layout of answers stored before the lead: the whole text, then every source. */
function TextAnswer({ messageId, content, metadata }: { messageId: string; content: string; metadata: Metadata }) {
  const t = useT(aiMessages);
  const sources = metadata.sources ?? [];
  const answer = metadata.answer;
  const specializations = specializationsOf(metadata);
  const lines = content.split('\n');
  const last = lines.length - 1;

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
              <AnswerLine line={line} messageId={messageId} sourceCount={sources.length} />
            </p>
          ),
        )}
      </div>
      <SourcesList messageId={messageId} sources={sources} Item={SourceCard} />
      {specializations.length > 0 && <LawyerChips specializations={specializations} />}
      {answer === undefined && <p className="ai-disclaimer">{t('notAdvice')}</p>}
    </div>
  );
}

function SourceCard({ n, source }: { n: number; source: AiChatSource }) {
  const t = useT(aiMessages);
  const label = useSourceLabel(source);
  const isDocument = source.filename !== null;
  return (
    <article aria-label={label}>
      <SourceHead n={n} label={label} heading={source.heading} />
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
