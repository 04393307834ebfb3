// Indian mobile numbers: 10 digits, optionally written with +91 in front (spec section 5: "exactly
// 10 digits, or +91 followed by 10 digits"; 91 or 0 without the + are refused) and with spaces,
// dashes, dots or brackets. Everything is normalised to +91 followed by the 10 digits before any
// other rule sees it.
const SEPARATORS = /[\s\-().]/g;

export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, '');
  let digits: string;
  if (/^\+91\d{10}$/.test(compact)) digits = compact.slice(3);
  else if (/^\d{10}$/.test(compact)) digits = compact;
  else return null;
  // Indian mobile numbers start with 6-9; anything else cannot receive an SMS code.
  if (!/^[6-9]/.test(digits)) return null;
  return `+91${digits}`;
}

/** Shown to users and in SMS logs without revealing the whole number. */
export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${phone.slice(0, 3)} ******${phone.slice(-4)}` : phone;
}

export function formatPhone(phone: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return m ? `+91 ${m[1]} ${m[2]}` : phone;
}
