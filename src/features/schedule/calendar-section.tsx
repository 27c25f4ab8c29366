/**
 * The calendar section of the client and lawyer dashboards (`#calendar`, where /scheduling lands):
 * my schedules for the days on screen, in the calendar, and the calendar-link panel under it.
 * While another period loads, the last one stays on screen rather than flashing empty.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useLocation } from 'react-router-dom';
import { useLang, useT } from '../../lib/i18n';
import { useMySchedulesQuery } from './api/schedule-api';
import { Calendar } from './calendar';
import { scheduleToEvent, type CalendarEvent } from './calendar-event';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { periodRange, todayInDhaka, type DayKey, type DayRange } from './calendar-math';
import { scheduleMessages } from './schedule-messages';

export interface CalendarSectionProps {
  /** The Dhaka day to treat as today; defaults to the current one. */
  today?: DayKey;
  ref?: Ref<HTMLElement>;
  /** Events from other features (meetings, booking requests), composed in src/app. */
  extraEvents?: readonly CalendarEvent[];
}

export function CalendarSection({ today, ref, extraEvents }: CalendarSectionProps) {
  const t = useT(scheduleMessages);
  const { lang } = useLang();
  const { hash } = useLocation();
  const own = useRef<HTMLElement>(null);
  const [range, setRange] = useState<DayRange>(() => periodRange('month', today ?? todayInDhaka()));
  const { data, currentData, error, isFetching, refetch } = useMySchedulesQuery(range);
  const events = useMemo(
    () => [...(data ?? []).map((schedule) => scheduleToEvent(schedule, lang)), ...(extraEvents ?? [])],
    [data, lang, extraEvents],
  );

  const onRangeChange = useCallback(
    (next: DayRange) => setRange((was) => (was.from === next.from && was.to === next.to ? was : next)),
    [],
  );

  // A link to #calendar (the footer's /scheduling) brings the section into view once it exists.
  useEffect(() => {
    const section = own.current;
    if (hash === '#calendar' && section && typeof section.scrollIntoView === 'function') section.scrollIntoView();
  }, [hash]);

  const setRefs = useCallback(
    (node: HTMLElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  return (
    <section
      id="calendar"
      ref={setRefs}
      className="card calendar-section"
      aria-labelledby="calendar-title"
      tabIndex={-1}
    >
      <h2 id="calendar-title">{t('sectionTitle')}</h2>
      <p className="muted">{t('sectionIntro')}</p>
      <Calendar
        events={events}
        today={today}
        isLoading={isFetching && !currentData}
        error={isFetching || currentData ? undefined : error}
        onRetry={() => void refetch()}
        onRangeChange={onRangeChange}
      />
      <CalendarFeedPanel />
    </section>
  );
}
