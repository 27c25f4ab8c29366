/**
 * BDT amounts to the paisa without floating-point drift: prices are worked out in whole paisa
 * (integers) and shown as decimal strings with two places, as numeric(12,2) stores them.
 */

/** Paisa of a taka amount with at most two decimals (e.g. an hourly charge read as a number). */
export function takaToPaisa(taka: number): number {
  return Math.round(taka * 100);
}

/** The decimal string (`"1234.50"`) of an amount in paisa. */
export function paisaToDecimal(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`Invalid paisa amount: ${paisa}`);
  const whole = Math.floor(paisa / 100);
  const cents = paisa % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** Paisa of a decimal string as numeric(12,2) gives it back (`"1234.5"`, `"1234.50"`, `"7"`). */
export function decimalToPaisa(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`Invalid decimal amount: ${value}`);
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/**
 * A meeting's price: hourlyCharge × minutes ÷ 60, rounded half-up to the paisa (docs/api.md §4
 * Video meetings). Integer arithmetic: charge in paisa × minutes stays far below 2^53 for any
 * numeric(12,2) charge and a meeting of at most a few hours.
 */
export function meetingPricePaisa(hourlyChargeTaka: number, minutes: number): number {
  if (!Number.isInteger(minutes) || minutes <= 0) throw new RangeError(`Invalid minutes: ${minutes}`);
  const perHour = takaToPaisa(hourlyChargeTaka);
  return Math.floor((perHour * minutes + 30) / 60);
}
