/** What a question asks for, in English, Bangla and Banglish; what kind a section is; its topic's Act. */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './expand';
import { negatedPart, questionIntent, sectionKinds } from './intent';
import { principalActs } from './topics';

describe('question intent', () => {
  it('recognises punishment, time limit, definition, who decides, procedure and right', () => {
    expect(questionIntent('What is the punishment for theft?')).toBe('punishment');
    expect(questionIntent('চুরির শাস্তি কী?')).toBe('punishment');
    expect(questionIntent('churir shasti ki?')).toBe('punishment');
    expect(questionIntent('What is the time limit for filing a civil suit?')).toBe('time_limit');
    expect(questionIntent('মজুরি কত দিনের মধ্যে পরিশোধ করতে হবে?')).toBe('time_limit');
    expect(questionIntent('majuri koto diner moddhe dite hobe?')).toBe('time_limit');
    // "of how many months" is a quantity, not a time limit
    expect(questionIntent('বাড়িওয়ালা কত মাসের অগ্রিম নিতে পারে?')).not.toBe('time_limit');
    expect(questionIntent('How many months of rent in advance may a landlord take?')).not.toBe('time_limit');
    expect(questionIntent('What is a mortgage?')).toBe('definition');
    expect(questionIntent('যৌতুক কাকে বলে?')).toBe('definition');
    expect(questionIntent('Which court hears cases on dower?')).toBe('who_decides');
    expect(questionIntent('জামিন কিভাবে পাওয়া যায়?')).toBe('procedure');
    expect(questionIntent('jamin kivabe pabo?')).toBe('procedure');
    expect(questionIntent('Can the police arrest me without a warrant?')).toBe('right');
    expect(questionIntent('Who can make a will?')).toBe('right');
    expect(questionIntent('What happens if someone breaks a protection order?')).toBe('punishment');
    expect(questionIntent('My cheque bounced.')).toBeNull();
  });
});

describe('section kinds', () => {
  it('reads the kind from English and Bangla headings', () => {
    expect(sectionKinds('Punishment for theft').kinds.has('punishment')).toBe(true);
    expect(sectionKinds('যৌতুক দাবি করিবার দণ্ড').kinds.has('punishment')).toBe(true);
    expect(sectionKinds('সংজ্ঞা').kinds.has('definition')).toBe(true);
    expect(sectionKinds('অভিযোগ তামাদি').kinds.has('time_limit')).toBe(true);
    expect(sectionKinds('Jurisdiction of Family Courts').kinds.has('who_decides')).toBe(true);
    const handling = sectionKinds('অপরাধের আমলযোগ্যতা ও জামিন অযোগ্যতা');
    expect(handling.handling).toBe(true);
    expect(sectionKinds('রহিতকরণ ও হেফাজত').boilerplate).toBe(true);
    // A heading on bail itself answers a bail question; it is not about how an offence is tried.
    expect(sectionKinds('When bail may be taken in case of non-bailable offence').handling).toBe(false);
    expect(sectionKinds('Offences to be cognizable and non-bailable').handling).toBe(true);
    expect(sectionKinds('Person capable of making wills').kinds.has('right')).toBe(true);
    // "Can …?" is answered by a power or a bar as much as by a right in so many words.
    expect(sectionKinds('Power to direct admission to bail or reduction of bail').kinds.has('right')).toBe(true);
    expect(sectionKinds('শিশু ও কিশোর নিয়োগে বাধা-নিষেধ').kinds.has('right')).toBe(true);
  });
});

describe('principal Acts of a topic', () => {
  it('sends bail to the Code of Criminal Procedure and theft to the Penal Code, in any language', () => {
    expect(principalActs(analyzeQuery('জামিন কিভাবে পাওয়া যায়?')).get(75)).toBe(1);
    expect(principalActs(analyzeQuery('How do I get bail?')).get(75)).toBe(1);
    expect(principalActs(analyzeQuery('churir shasti ki?')).get(11)).toBeGreaterThan(0);
    expect(principalActs(analyzeQuery('bariwala vara barabe?')).has(748)).toBe(true);
    expect(principalActs(analyzeQuery('quantum chromodynamics')).size).toBe(0);
  });
});

describe('what a heading says it is not about', () => {
  it('reads "not amounting to", "otherwise than", "non-" and Bangla ব্যতীত / অযোগ্য', () => {
    expect(negatedPart('Punishment for culpable homicide not amounting to murder')).toEqual(['murder']);
    expect(negatedPart('Dissolution of marriage otherwise than by talaq')).toEqual(['by talaq']);
    expect(negatedPart('When bail may be taken in case of non-bailable offence')).toEqual(['bailable']);
    expect(negatedPart('জামিন অযোগ্য অপরাধ')).toEqual(['জামিন']);
    expect(negatedPart('Punishment for murder')).toEqual([]);
  });
});
