// Intl formatters, made once per locale and options: constructing one costs far more than using
// it (it loads locale data), and a feed or a chat formats dozens of dates and amounts per render.
// On a slow phone, a new formatter per date made rendering the feed a long task.
const formatters = new Map<
  string,
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat
>();

function once<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  once('dt', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  once('n', locale, options, () => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) =>
  once('rt', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
