// Indian GSTIN validation: pure, dependency-free (runs on the server and in the browser).
// A GSTIN is: 2-digit state code, the holder's 10-character PAN, the registration number within
// that PAN and state (1-9, A-Z), the letter Z, and a mod-36 check character.

export type GstinReason = 'format' | 'checkDigit' | 'state';
export type GstinResult = { ok: true; gstin: string } | { ok: false; reason: GstinReason };

/**
 * GST state codes → state/UT names, spelt as in the cities table (002-cities.sql), so a
 * company's headquarters state can be compared with its GSTIN.
 */
export const GST_STATE_CODES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  // Daman and Diu's own code before the 2020 merger; registrations moved to 26.
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  // 28 is undivided Andhra Pradesh: GST (2017) came after the 2014 split, no GSTIN uses it.
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

const FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The current GST code of a state/UT name (case and surrounding spaces ignored), or null. */
export function gstStateCode(stateName: string): string | null {
  const wanted = stateName.trim().toLowerCase();
  let found: string | null = null;
  // The last code listed wins: the current one where a merger left two (25 → 26).
  for (const [code, name] of Object.entries(GST_STATE_CODES)) {
    if (name.toLowerCase() === wanted) found = code;
  }
  return found;
}

/** The check character for the first 14 characters of a GSTIN (mod 36, factors 1, 2, 1, 2...). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

/**
 * Validates a GSTIN (trimmed, upper-cased). `format`: not the GSTIN shape or an unknown state
 * code; `checkDigit`: the 15th character is wrong (a typo); `state`: the GSTIN belongs to another
 * state than the given headquarters state.
 */
export function validateGstin(raw: string, headquartersState: string | null): GstinResult {
  const gstin = raw.trim().toUpperCase();
  if (!FORMAT.test(gstin)) return { ok: false, reason: 'format' };
  const code = gstin.slice(0, 2);
  if (!(code in GST_STATE_CODES)) return { ok: false, reason: 'format' };
  if (gstinCheckChar(gstin) !== gstin.charAt(14)) return { ok: false, reason: 'checkDigit' };
  if (headquartersState !== null) {
    const wanted = headquartersState.trim().toLowerCase();
    if (GST_STATE_CODES[code]?.toLowerCase() !== wanted) return { ok: false, reason: 'state' };
  }
  return { ok: true, gstin };
}
