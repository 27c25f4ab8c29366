/**
 * The division and district fields, the second following the first (see place.ts). In the profile
 * form the district is a short native list inside the chosen division; in the directory's filters,
 * where all 64 can be chosen, it is a search box (MUI Autocomplete) that finds a district by either
 * language's name.
 */
import { AutocompleteField } from '../../../components/form/autocomplete-field';
import { SelectField } from '../../../components/form/select-field';
import type { District, Division } from '../../../../contract/enums';
import { useLang } from '../../../lib/i18n';
import { districtChoices, districtOptions, divisionOptions, withDistrict, withDivision, type Place } from './place';

interface PlaceFieldsProps {
  place: Place;
  onChange: (place: Place) => void;
  labels: {
    division: string;
    district: string;
    anyDivision: string;
    anyDistrict: string;
    districtHint?: string;
    /** Said by the filters' district search when nothing matches. */
    noDistrict?: string;
  };
  errors?: { division?: string | undefined; district?: string | undefined };
  /** Profile form: a district can be chosen only inside a division. Filters: any district. */
  divisionFirst?: boolean;
  required?: boolean;
}

export function PlaceFields({ place, onChange, labels, errors, divisionFirst = false, required }: PlaceFieldsProps) {
  const { lang } = useLang();
  const districtLocked = divisionFirst && !place.division;
  return (
    <>
      <SelectField
        label={labels.division}
        name="division"
        placeholder={labels.anyDivision}
        options={divisionOptions(lang)}
        value={place.division}
        required={required}
        onChange={(e) => onChange(withDivision(place, e.target.value as Division | ''))}
        error={errors?.division}
      />
      {divisionFirst ? (
        <SelectField
          label={labels.district}
          name="district"
          placeholder={labels.anyDistrict}
          options={districtLocked ? [] : districtOptions(place.division, lang)}
          value={place.district}
          required={required}
          disabled={districtLocked}
          hint={districtLocked ? labels.districtHint : undefined}
          onChange={(e) => onChange(withDistrict(place, e.target.value as District | ''))}
          error={errors?.district}
        />
      ) : (
        <AutocompleteField
          label={labels.district}
          name="district"
          placeholder={labels.anyDistrict}
          noOptionsText={labels.noDistrict ?? labels.anyDistrict}
          options={districtChoices(place.division, lang)}
          value={place.district}
          onChange={(value) => onChange(withDistrict(place, value as District | ''))}
          error={errors?.district}
        />
      )}
    </>
  );
}
