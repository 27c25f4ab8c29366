/**
 * The directory's search box and filters. Nothing is sent until "Search" / "Show lawyers": on a
 * slow link one request for five choices beats five requests. On a phone the filters fold away
 * under "Filters (n)"; the free text stays in view.
 */
import { useState, type FormEvent } from 'react';
import {
  PRACTICING_COURT_NAMES,
  PracticingCourtSchema,
  SPECIALIZATION_NAMES,
  SpecializationSchema,
  type District,
  type Division,
  type PracticingCourt,
  type Specialization,
} from '../../../../contract/enums';
import { LAWYER_LIMITS } from '../../../../contract/lawyers';
import { enumOptions, SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { formatNumber } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { PlaceFields } from '../profile/place-fields';
import { directoryMessages } from './directory-messages';
import { activeFilterCount, type DirectoryFilters } from './search-params';
import Button from '@mui/material/Button';

interface Draft {
  q: string;
  minExperience: string;
  maxExperience: string;
  practicingCourt: PracticingCourt | '';
  division: Division | '';
  district: District | '';
  specialization: Specialization | '';
  maxHourlyCharge: string;
  minRating: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));
const num = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s));

function draftOf(filters: DirectoryFilters): Draft {
  return {
    q: filters.q,
    minExperience: text(filters.minExperience),
    maxExperience: text(filters.maxExperience),
    practicingCourt: filters.practicingCourt ?? '',
    division: filters.division ?? '',
    district: filters.district ?? '',
    specialization: filters.specialization ?? '',
    maxHourlyCharge: text(filters.maxHourlyCharge),
    minRating: text(filters.minRating),
  };
}

function filtersOf(draft: Draft): DirectoryFilters {
  return {
    q: draft.q.trim(),
    minExperience: num(draft.minExperience),
    maxExperience: num(draft.maxExperience),
    practicingCourt: draft.practicingCourt || null,
    division: draft.division || null,
    district: draft.district || null,
    specialization: draft.specialization || null,
    maxHourlyCharge: num(draft.maxHourlyCharge),
    minRating: num(draft.minRating),
  };
}

const RATINGS = [4.5, 4, 3, 2];

interface FiltersFormProps {
  filters: DirectoryFilters;
  onApply: (filters: DirectoryFilters) => void;
  onClear: () => void;
}

export function FiltersForm({ filters, onApply, onClear }: FiltersFormProps) {
  const t = useT(directoryMessages);
  const { lang } = useLang();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const count = activeFilterCount(filters);
  // Open on wide screens by default, and whenever filters are in use so people see what applies.
  const [open, setOpen] = useState(() => count > 0 || window.matchMedia('(min-width: 900px)').matches);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((was) => ({ ...was, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filtersOf(draft));
  };

  return (
    <form className="directory-filters" role="search" noValidate onSubmit={onSubmit}>
      <div className="directory-search-row">
        <TextField
          label={t('searchLabel')}
          name="q"
          type="search"
          enterKeyHint="search"
          maxLength={LAWYER_LIMITS.q.max}
          value={draft.q}
          onChange={(e) => set('q', e.target.value)}
          hint={t('searchHint')}
        />
        <Button variant="contained" type="submit">
          {t('search')}
        </Button>
      </div>
      <details className="directory-filter-panel" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{count > 0 ? t('filtersCount', { n: count }) : t('filters')}</summary>
        <div className="directory-filter-grid">
          <SelectField
            label={t('specialization')}
            name="specialization"
            placeholder={t('anySpecialization')}
            options={enumOptions(SpecializationSchema.options, SPECIALIZATION_NAMES, lang)}
            value={draft.specialization}
            onChange={(e) => set('specialization', e.target.value as Specialization | '')}
          />
          <SelectField
            label={t('court')}
            name="practicingCourt"
            placeholder={t('anyCourt')}
            options={enumOptions(PracticingCourtSchema.options, PRACTICING_COURT_NAMES, lang)}
            value={draft.practicingCourt}
            onChange={(e) => set('practicingCourt', e.target.value as PracticingCourt | '')}
          />
          <PlaceFields
            place={{ division: draft.division, district: draft.district }}
            onChange={(place) => setDraft((was) => ({ ...was, ...place }))}
            labels={{
              division: t('division'),
              district: t('district'),
              anyDivision: t('anyDivision'),
              anyDistrict: t('anyDistrict'),
              noDistrict: t('noDistrict'),
            }}
          />
          <TextField
            label={t('minExperience')}
            name="minExperience"
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            value={draft.minExperience}
            onChange={(e) => set('minExperience', e.target.value)}
          />
          <TextField
            label={t('maxExperience')}
            name="maxExperience"
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            value={draft.maxExperience}
            onChange={(e) => set('maxExperience', e.target.value)}
          />
          <TextField
            label={t('maxCharge')}
            name="maxHourlyCharge"
            type="number"
            inputMode="decimal"
            min={0}
            step={100}
            value={draft.maxHourlyCharge}
            onChange={(e) => set('maxHourlyCharge', e.target.value)}
          />
          <SelectField
            label={t('minRating')}
            name="minRating"
            placeholder={t('anyRating')}
            options={RATINGS.map((r) => ({
              value: String(r),
              label: t('ratingAtLeast', { n: formatNumber(r, lang, 1) }),
            }))}
            value={draft.minRating}
            onChange={(e) => set('minRating', e.target.value)}
          />
        </div>
        <div className="btn-row directory-filter-actions">
          <Button variant="contained" type="submit">
            {t('apply')}
          </Button>
          <Button variant="outlined" type="button" onClick={onClear}>
            {t('clear')}
          </Button>
        </div>
      </details>
    </form>
  );
}
