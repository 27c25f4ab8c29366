/**
 * Division → district: the district list follows the chosen division (docs/api.md §3), and changing
 * the division clears a district that is not in it, so the form can never send a pair the server
 * would refuse with "District does not belong to the selected division".
 */
import {
  DISTRICT_DIVISION,
  DISTRICT_NAMES,
  DIVISION_NAMES,
  DistrictSchema,
  DivisionSchema,
  districtsOf,
  type District,
  type Division,
  type Lang,
} from '../../../../contract/enums';
import type { AutocompleteOption } from '../../../components/form/autocomplete-field';
import { enumOptions, type SelectOption } from '../../../components/form/select-field';

export interface Place {
  division: Division | '';
  district: District | '';
}

/** Options sorted by the name people read, in their language. */
function sorted(options: SelectOption[], lang: Lang): SelectOption[] {
  return options.sort((a, b) => a.label.localeCompare(b.label, lang === 'bn' ? 'bn' : 'en'));
}

export function divisionOptions(lang: Lang): SelectOption[] {
  return enumOptions(DivisionSchema.options, DIVISION_NAMES, lang);
}

/** The districts of `division`; every district when no division is chosen (filters allow that). */
export function districtOptions(division: Division | '', lang: Lang): SelectOption[] {
  const districts = division ? districtsOf(division) : DistrictSchema.options;
  return sorted(enumOptions(districts, DISTRICT_NAMES, lang), lang);
}

/**
 * The same districts for a search box: each also found by its name in the other language and by the
 * wire spelling people still type ("Bogra" for Bogura, "Coxs Bazar").
 */
export function districtChoices(division: Division | '', lang: Lang): AutocompleteOption[] {
  return districtOptions(division, lang).map((option) => {
    const names = DISTRICT_NAMES[option.value as District];
    return { ...option, keywords: [names.en, names.bn, option.value.replaceAll('_', ' ')] };
  });
}

/** The place after choosing `division`: a district outside it is cleared. */
export function withDivision(place: Place, division: Division | ''): Place {
  const keep = place.district && division && DISTRICT_DIVISION[place.district] === division;
  return { division, district: keep ? place.district : '' };
}

/** The place after choosing `district`: with no division yet, the district's own division is filled in. */
export function withDistrict(place: Place, district: District | ''): Place {
  if (!district) return { ...place, district: '' };
  return { division: place.division || DISTRICT_DIVISION[district], district };
}
