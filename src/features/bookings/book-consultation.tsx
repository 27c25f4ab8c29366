/**
 * "Book a consultation" on a lawyer's page (issue 19): the lawyer's free times for the next 14 days
 * in Bangladesh time, a 30- or 60-minute length (never longer than the free time left from the
 * chosen start), a short description of the matter, and the price before sending
 * (hourly charge × minutes ÷ 60, rounded as meetings are). A time someone else just took (409) is
 * said plainly and the free times are read again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { BOOKING_TOPIC } from '../../../contract/bookings';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { SelectField } from '../../components/form/select-field';
import { TextareaField } from '../../components/form/textarea-field';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { formatMoney, localDigits } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { dhakaClock, dhakaDate } from '../meetings/meeting-time';
import { newIdempotencyKey } from '../meetings/api/meetings-api';
import { useCreateBookingMutation, useFreeTimesQuery } from './api/bookings-api';
import { bookingsMessages } from './bookings-messages';
import { bookingPrice, startsWithin, type Minutes } from './booking-times';

export interface BookConsultationProps {
  lawyer: { email: string; hourlyCharge: number | null };
}

export function BookConsultation({ lawyer }: BookConsultationProps) {
  const t = useT(bookingsMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const { data, error, isLoading, refetch } = useFreeTimesQuery({ lawyerEmail: lawyer.email, days: 14 });
  const [create, { isLoading: sending }] = useCreateBookingMutation();
  const [minutes, setMinutes] = useState<Minutes>(30);
  const [start, setStart] = useState('');
  const [topic, setTopic] = useState('');
  const [topicError, setTopicError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef<string | null>(null);

  const starts = useMemo(() => startsWithin(data ?? [], minutes), [data, minutes]);
  const options = starts.map((iso) => ({
    value: iso,
    label: `${dhakaDate(iso, lang)}, ${dhakaClock(iso, lang)}–${dhakaClock(Date.parse(iso) + minutes * 60_000, lang)}`,
  }));
  const chosen = starts.includes(start) ? start : '';

  if (isLoading) return <LoadingState />;
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const text = topic.trim();
    if (text.length < BOOKING_TOPIC.min || text.length > BOOKING_TOPIC.max) {
      setTopicError(t('topicLength'));
      return;
    }
    setTopicError(undefined);
    if (!chosen) {
      setFailure(t('chooseTime'));
      return;
    }
    key.current ??= newIdempotencyKey();
    try {
      await create({
        body: { lawyerEmail: lawyer.email, start: chosen, minutes, topic: text },
        idempotencyKey: key.current,
      }).unwrap();
      key.current = null;
      setDone(t('sent'));
      setTopic('');
      setStart('');
    } catch (err) {
      key.current = null;
      setFailure(isAppError(err) && err.status === 409 ? t('taken') : tx(formErrorText(err, t('sendFailed'))));
    }
  };

  const rate = lawyer.hourlyCharge;
  return (
    <section className="card book-consultation" aria-labelledby="book-title">
      <h2 id="book-title">{t('bookTitle')}</h2>
      <p className="muted">{t('bookIntro')}</p>
      {done && <Alert severity="success">{done}</Alert>}
      {rate === null || (data ?? []).length === 0 ? (
        <p>{t('noFreeTimes')}</p>
      ) : (
        <Stack
          component="form"
          spacing={2}
          useFlexGap
          sx={{ '& > p': { m: 0 } }}
          onSubmit={(e) => void onSubmit(e)}
          noValidate
        >
          <p id="book-length">{t('lengthLabel')}</p>
          <ToggleButtonGroup
            exclusive
            value={minutes}
            aria-labelledby="book-length"
            onChange={(_e, value: Minutes | null) => value && setMinutes(value)}
            size="small"
          >
            <ToggleButton value={30}>{t('minutes30')}</ToggleButton>
            <ToggleButton value={60}>{t('minutes60')}</ToggleButton>
          </ToggleButtonGroup>
          <SelectField
            label={t('timeLabel')}
            name="start"
            options={options}
            placeholder={t('chooseTime')}
            value={chosen}
            onChange={(e) => setStart(e.target.value)}
          />
          <TextareaField
            label={t('topicLabel')}
            name="topic"
            value={topic}
            counterMax={BOOKING_TOPIC.max}
            hint={t('topicHint')}
            error={topicError}
            onChange={(e) => setTopic(e.target.value)}
          />
          <p className="book-price">
            {t('price', {
              price: formatMoney(bookingPrice(rate, minutes), lang),
              minutes: localDigits(String(minutes), lang),
              rate: formatMoney(rate, lang),
            })}
          </p>
          <p className="muted">{t('payLater')}</p>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" disabled={sending} sx={{ alignSelf: 'flex-start' }}>
            {sending ? t('sending') : t('send')}
          </Button>
        </Stack>
      )}
    </section>
  );
}
