/**
 * The calendar of a client's or lawyer's case events: Month (a Saturday-first grid; choosing a day
 * lists its events), Week (seven days, stacked on a phone, side by side on a wide screen) and
 * Agenda (the days ahead that have something on). Always Bangladesh time and Bangla digits and
 * month names in Bangla.
 *
 * Keyboard: the month grid is one tab stop (roving tabindex); arrows move a day or a week, Home/End
 * to the week's ends, PageUp/PageDown a month, Enter or Space shows the day's events. Each day
 * announces its date and how many events it has. What is loaded is the caller's business:
 * `onRangeChange` says which days are on screen.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { formatClock } from '../../lib/format';
import { useLang, useT, type Translate as TranslateOf } from '../../lib/i18n';
import { AddToCalendarButton } from './add-to-calendar-button';
import type { CalendarEvent } from './calendar-event';
import { dayNumber, formatDay, formatLongDay, formatPeriod, longWeekday, shortWeekday } from './calendar-format';
import {
  AGENDA_DAYS,
  agendaGroups,
  groupByDay,
  inRange,
  monthGrid,
  moveByKey,
  periodRange,
  sameMonth,
  stepCursor,
  todayInDhaka,
  weekDays,
  WEEK_DAYS,
  type CalendarView,
  type DayKey,
  type DayRange,
} from './calendar-math';
import { scheduleMessages } from './schedule-messages';
import Button from '@mui/material/Button';
import './calendar.css';

export interface CalendarProps {
  events: readonly CalendarEvent[];
  /** The first load of the visible days is under way. */
  isLoading?: boolean;
  /** Loading failed (an AppError); shown with `onRetry`. */
  error?: unknown;
  onRetry?: () => void;
  /** Called with the days on screen, at first and whenever the view or period changes. */
  onRangeChange?: (range: DayRange) => void;
  initialView?: CalendarView;
  /** The Dhaka day to treat as today; defaults to the current one. */
  today?: DayKey;
}

const VIEWS: readonly CalendarView[] = ['month', 'week', 'agenda'];
const VIEW_LABELS = { month: 'viewMonth', week: 'viewWeek', agenda: 'viewAgenda' } as const;
const STEP_LABELS = {
  month: ['previousMonth', 'nextMonth'],
  week: ['previousWeek', 'nextWeek'],
  agenda: ['previousDays', 'nextDays'],
} as const;

type Translate = TranslateOf<keyof typeof scheduleMessages.en>;

export function Calendar({
  events,
  isLoading = false,
  error,
  onRetry,
  onRangeChange,
  initialView = 'month',
  today: fixedToday,
}: CalendarProps) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  const [today] = useState(() => fixedToday ?? todayInDhaka());
  const [view, setView] = useState<CalendarView>(initialView);
  /** The day the period is built around; in the month grid, the day that holds the focus. */
  const [cursor, setCursor] = useState<DayKey>(today);
  /** The month view's chosen day, whose events are listed under the grid. */
  const [selected, setSelected] = useState<DayKey>(today);
  const titleId = useId();
  const range = useMemo(() => periodRange(view, cursor), [view, cursor]);
  const byDay = useMemo(() => groupByDay(events), [events]);

  useEffect(() => {
    onRangeChange?.(range);
  }, [range, onRangeChange]);

  const goTo = (day: DayKey) => {
    setCursor(day);
    setSelected(day);
  };
  const [previousLabel, nextLabel] = STEP_LABELS[view];
  const stepVars = { n: AGENDA_DAYS };
  const failed = error !== undefined && error !== null;
  const shown = [...byDay.keys()].filter((day) => inRange(day, range) && (view !== 'month' || sameMonth(day, cursor)));
  const empty = !isLoading && !failed && shown.length === 0;

  return (
    <div className="calendar" role="region" aria-label={t('calendarLabel')}>
      <div className="cal-toolbar">
        <div className="cal-views" role="group" aria-label={t('viewsLabel')}>
          {VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              className="cal-view"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {t(VIEW_LABELS[option])}
            </button>
          ))}
        </div>
        <div className="cal-nav">
          <Button
            variant="outlined"
            type="button"
            aria-label={t(previousLabel, stepVars)}
            onClick={() => goTo(stepCursor(view, cursor, -1))}
          >
            <span aria-hidden="true">‹</span> {t('previous')}
          </Button>
          <Button variant="outlined" type="button" onClick={() => goTo(today)}>
            {t('today')}
          </Button>
          <Button
            variant="outlined"
            type="button"
            aria-label={t(nextLabel, stepVars)}
            onClick={() => goTo(stepCursor(view, cursor, 1))}
          >
            {t('next')} <span aria-hidden="true">›</span>
          </Button>
        </div>
      </div>
      <h3 id={titleId} className="cal-title" aria-live="polite">
        {formatPeriod(view, cursor, lang)}
      </h3>

      {isLoading && <LoadingState label={t('loading')} />}
      {failed && <ErrorState error={error} title={t('loadFailed')} onRetry={onRetry} />}

      {view === 'month' && (
        <>
          <MonthGrid
            cursor={cursor}
            selected={selected}
            today={today}
            byDay={byDay}
            labelledBy={titleId}
            onMove={setCursor}
            onChoose={goTo}
          />
          {empty && <p className="muted cal-empty">{t('nothingThisMonth')}</p>}
          <DayEvents day={selected} today={today} events={byDay.get(selected) ?? []} />
        </>
      )}
      {view === 'week' && (
        <>
          {empty && <p className="muted cal-empty">{t('nothingThisWeek')}</p>}
          <WeekList cursor={cursor} today={today} byDay={byDay} />
        </>
      )}
      {view === 'agenda' &&
        (empty ? (
          <EmptyState
            title={t('nothingInAgenda', { from: formatDay(range.from, lang), to: formatDay(range.to, lang) })}
          />
        ) : (
          <Agenda events={events} range={range} today={today} />
        ))}
    </div>
  );
}

interface MonthGridProps {
  cursor: DayKey;
  selected: DayKey;
  today: DayKey;
  byDay: Map<DayKey, CalendarEvent[]>;
  labelledBy: string;
  onMove: (day: DayKey) => void;
  onChoose: (day: DayKey) => void;
}

function MonthGrid({ cursor, selected, today, byDay, labelledBy, onMove, onChoose }: MonthGridProps) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  const helpId = useId();
  const grid = useRef<HTMLTableElement>(null);
  /** Set when a key moved the focus, so the new day's button takes it once it has rendered. */
  const moved = useRef(false);
  const weeks = useMemo(() => monthGrid(cursor), [cursor]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${cursor}"]`)?.focus();
  }, [cursor]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: DayKey) => {
    if (event.key === 'Enter') {
      // Handled here rather than through the button's synthesized click: one path in every browser.
      event.preventDefault();
      onChoose(day);
      return;
    }
    const next = moveByKey(day, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    onMove(next);
  };

  return (
    <>
      <p id={helpId} className="visually-hidden">
        {t('gridHelp')}
      </p>
      <table ref={grid} role="grid" className="cal-month" aria-labelledby={labelledBy} aria-describedby={helpId}>
        <thead>
          <tr>
            {WEEK_DAYS.map((code, i) => {
              const sample = weeks[0]?.[i]?.day ?? cursor;
              return (
                <th key={code} scope="col">
                  <span aria-hidden="true">{shortWeekday(sample, lang)}</span>
                  <span className="visually-hidden">{longWeekday(sample, lang)}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.day}>
              {week.map(({ day, inMonth }) => {
                const list = byDay.get(day) ?? [];
                const classes = [
                  'cal-cell',
                  inMonth ? '' : 'is-outside',
                  day === today ? 'is-today' : '',
                  day === selected ? 'is-selected' : '',
                ];
                return (
                  <td key={day} role="gridcell" aria-selected={day === selected} className={classes.join(' ').trim()}>
                    <button
                      type="button"
                      className="cal-day"
                      data-day={day}
                      tabIndex={day === cursor ? 0 : -1}
                      aria-label={dayLabel(t, formatLongDay(day, lang), list.length, day === today)}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onChoose(day)}
                      onKeyDown={(event) => onKeyDown(event, day)}
                    >
                      <span className="cal-day-number" aria-hidden="true">
                        {dayNumber(day, lang)}
                      </span>
                      {list.length > 0 && <DayMarks events={list} />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** "Saturday, 3 May 2025, 2 events, today". */
function dayLabel(t: Translate, day: string, count: number, isToday: boolean): string {
  const label =
    count === 0
      ? t('dayNoEvents', { day })
      : count === 1
        ? t('dayOneEvent', { day })
        : t('dayEvents', { day, n: count });
  return isToday ? `${label}, ${t('isToday')}` : label;
}

/** Dots on a phone, the first titles on a wide screen; hidden from screen readers (the label says it). */
function DayMarks({ events }: { events: readonly CalendarEvent[] }) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  return (
    <>
      <span className="cal-dots" aria-hidden="true">
        {events.slice(0, 3).map((event) => (
          <span key={event.id} className={`cal-dot is-${event.kind}`} />
        ))}
      </span>
      <span className="cal-chips" aria-hidden="true">
        {events.slice(0, 2).map((event) => (
          <span key={event.id} className={`cal-chip is-${event.kind}`}>
            {formatClock(event.startTime, lang)} {event.title}
          </span>
        ))}
        {events.length > 2 && <span className="cal-more">{t('moreEvents', { n: events.length - 2 })}</span>}
      </span>
    </>
  );
}

function DayEvents({ day, today, events }: { day: DayKey; today: DayKey; events: readonly CalendarEvent[] }) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  const headingId = useId();
  return (
    <section className="cal-day-events" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {formatLongDay(day, lang)}
        {day === today && <TodayTag />}
      </h4>
      {events.length > 0 ? <EventList events={events} /> : <p className="muted">{t('nothingOnDay')}</p>}
    </section>
  );
}

function WeekList({ cursor, today, byDay }: { cursor: DayKey; today: DayKey; byDay: Map<DayKey, CalendarEvent[]> }) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  const baseId = useId();
  return (
    <ol className="cal-week">
      {weekDays(cursor).map((day) => {
        const list = byDay.get(day) ?? [];
        return (
          <li key={day} className={day === today ? 'cal-week-day is-today' : 'cal-week-day'}>
            <h4 id={`${baseId}-${day}`} className="cal-week-head">
              <span className="cal-week-weekday">{shortWeekday(day, lang)}</span>{' '}
              <span>{formatDay(day, lang, false)}</span>
              {day === today && <TodayTag />}
            </h4>
            {list.length > 0 ? <EventList events={list} /> : <p className="muted cal-free">{t('weekDayFree')}</p>}
          </li>
        );
      })}
    </ol>
  );
}

function Agenda({ events, range, today }: { events: readonly CalendarEvent[]; range: DayRange; today: DayKey }) {
  const { lang } = useLang();
  return (
    <ol className="cal-agenda">
      {agendaGroups(events, range).map(({ day, events: list }) => (
        <li key={day}>
          <h4>
            {formatLongDay(day, lang)}
            {day === today && <TodayTag />}
          </h4>
          <EventList events={list} />
        </li>
      ))}
    </ol>
  );
}

function EventList({ events }: { events: readonly CalendarEvent[] }) {
  return (
    <ul className="cal-events">
      {events.map((event) => (
        <EventItem key={`${event.kind}-${event.id}`} event={event} />
      ))}
    </ul>
  );
}

function EventItem({ event }: { event: CalendarEvent }) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  return (
    <li className={`cal-event is-${event.kind}`}>
      <p className="cal-event-time">
        {t('timeRange', {
          start: formatClock(event.startTime, lang),
          end: formatClock(event.endTime, lang),
        })}
      </p>
      <p className="cal-event-title">{event.href ? <Link to={event.href}>{event.title}</Link> : event.title}</p>
      <p className="cal-event-meta">
        <span className="cal-event-type">{event.typeLabel}</span>
        {event.caseId && (
          <Link to={`/case/${encodeURIComponent(event.caseId)}`}>
            {event.caseTitle ? t('caseLink', { title: event.caseTitle }) : t('openCase')}
          </Link>
        )}
      </p>
      {event.kind === 'schedule' && <AddToCalendarButton scheduleId={event.id} title={event.title} />}
    </li>
  );
}

/** The "today" tag after a day's name; the hidden comma keeps the spoken name "…, today". */
function TodayTag() {
  const t = useT(scheduleMessages);
  return (
    <>
      <span className="visually-hidden">,</span> <span className="cal-today-tag">{t('isToday')}</span>
    </>
  );
}
