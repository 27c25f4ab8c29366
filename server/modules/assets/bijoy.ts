/**
 * Recognises Bangla typed in a Bijoy font (SutonnyMJ and the other "…MJ" fonts), still common in
 * Bangladeshi legal papers. Such a file's "text" is Latin glyph codes that the font draws as Bangla
 * letters (আমি is stored as "Avwg", the vowel sign ে as "‡"), so a search in Bangla can never match
 * it. Searching the soup would only find nonsense, so these files are marked UNSEARCHABLE_ENCODING
 * and the client tells the uploader why.
 *
 * The signals, all cheap and explainable:
 * - a font named like a Bijoy font (from the PDF; decisive when there is any Latin text at all);
 * - glyphs Bijoy uses for vowel signs and conjuncts (‡ † ˆ ¨ © ª Ö ÿ …), which ordinary English,
 *   French or German text almost never has in numbers (°, ±, ½, ×, ® are left out: they are common);
 * - letter statistics: "v" (া) and "w" (ি) are among Bijoy's most frequent codes but rare in
 *   English, and Bijoy words switch to capitals mid-word ("Av`vjZ" = আদালত).
 * Text with a real share of Unicode Bangla (U+0980–U+09FF) is searchable and never flagged.
 */

/** Codes Bijoy uses for vowel signs, reph, ya-phala and conjuncts. */
const BIJOY_GLYPHS = new Set('‡†ˆ‰Šš¨©ª«¯³´µ¶¸¹º»¼¾¿ÏÒÓÔÕÖÙÚÛÜÝÞï÷ÿ');

/** Below this share of Unicode Bangla among letters, the text is not Unicode Bangla. */
const UNICODE_BANGLA_SHARE = 0.05;
/** Bijoy glyphs per letter above which the glyphs alone are telling (with the letter statistics). */
const GLYPH_DENSITY = 0.02;
const MIN_GLYPHS = 3;
/** Share of "v" and "w" among Latin letters: ~3% in English, 15–25% in Bijoy. */
const VW_SHARE = 0.1;
/** Lower→upper case switches inside words per Latin letter: ~0 in prose, several % in Bijoy. */
const INNER_CAPS_SHARE = 0.02;
/** Letter statistics alone need enough text to mean something. */
const MIN_LETTERS_FOR_STATISTICS = 40;

/** Whether a PDF font name is a Bijoy font: SutonnyMJ, "ABCDEF+SutonnyMJ-Bold", "SulekhaMJ,Italic" … */
export function isBijoyFontName(name: string): boolean {
  const base = name.replace(/^[A-Z]{6}\+/, '');
  return /sutonny|bijoy/i.test(base) || /MJ(?:$|[-,_ ])/.test(base);
}

export interface BijoyEvidence {
  /** The text is Bijoy glyph soup rather than readable text. */
  bijoy: boolean;
  latinLetters: number;
  banglaLetters: number;
  glyphs: number;
}

/** The evidence for one text (and the fonts its file names); `bijoy` is the verdict. */
export function bijoyEvidence(text: string, fontNames: readonly string[] = []): BijoyEvidence {
  let latin = 0;
  let bangla = 0;
  let glyphs = 0;
  let vw = 0;
  let innerCaps = 0;
  let previousLower = false;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const upper = code >= 0x41 && code <= 0x5a;
    const lower = code >= 0x61 && code <= 0x7a;
    if (upper || lower) latin += 1;
    if (ch === 'v' || ch === 'w') vw += 1;
    if (upper && previousLower) innerCaps += 1;
    if (code >= 0x0980 && code <= 0x09ff) bangla += 1;
    if (BIJOY_GLYPHS.has(ch)) glyphs += 1;
    // Bijoy's glyph codes sit inside words, so a capital after one still counts as mid-word.
    previousLower = lower || ch === '`' || BIJOY_GLYPHS.has(ch) ? true : upper ? previousLower : false;
  }
  const evidence = { latinLetters: latin, banglaLetters: bangla, glyphs };
  const letters = latin + bangla + glyphs;
  if (letters === 0 || bangla > UNICODE_BANGLA_SHARE * letters) return { ...evidence, bijoy: false };
  if (latin > 0 && fontNames.some(isBijoyFontName)) return { ...evidence, bijoy: true };

  const vwShare = latin === 0 ? 0 : vw / latin;
  const capsShare = latin === 0 ? 0 : innerCaps / latin;
  const manyGlyphs = glyphs >= MIN_GLYPHS && glyphs / letters >= GLYPH_DENSITY;
  const bijoyLetters = vwShare >= VW_SHARE && capsShare >= INNER_CAPS_SHARE;
  const bijoy = manyGlyphs
    ? vwShare >= VW_SHARE || capsShare >= INNER_CAPS_SHARE
    : latin >= MIN_LETTERS_FOR_STATISTICS && bijoyLetters && glyphs > 0;
  return { ...evidence, bijoy };
}

/** Whether the text is Bangla typed in a Bijoy font (see bijoyEvidence). */
export function looksLikeBijoy(text: string, fontNames: readonly string[] = []): boolean {
  return bijoyEvidence(text, fontNames).bijoy;
}
