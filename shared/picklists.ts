import { msg, type MessageKey } from './i18n/messages.ts';
import { en } from './i18n/en.ts';

// One canonical code per pick-list value (decisions.md "Data"); labels live in the catalogue under
// `pick.<list>.<code>`. The spec's two spellings of a value are labels of one code.
type Lists = typeof en.pick;
export type PickListName = keyof Lists;
export type PickCode<L extends PickListName> = keyof Lists[L] & string;

function codes<L extends PickListName>(list: L): [PickCode<L>, ...PickCode<L>[]] {
  return Object.keys(en.pick[list]) as [PickCode<L>, ...PickCode<L>[]];
}

export const USER_ROLES = codes('userRole');
export const GENDERS = codes('gender');
export const EMPLOYEE_SIZES = codes('employeeSize');
export const FINANCING_STATUSES = codes('financingStatus');
export const ANNUAL_REVENUES = codes('annualRevenue');
export const EDUCATION_LEVELS = codes('educationLevel');
export const WORK_EXPERIENCES = codes('workExperience');
export const NOTICE_PERIODS = codes('noticePeriod');
export const DEGREES = codes('degree');
export const JOB_TYPES = codes('jobType');
export const INDUSTRIES = codes('industry');
export const SALARY_RANGES = codes('salaryRange');
export const EXPERIENCE_RANGES = codes('experienceRange');
export const JOB_CATEGORIES = codes('jobCategory');
export const JOB_LEVELS = codes('jobLevel');
export const JOB_STATUSES = codes('jobStatus');
export const ROOM_STATUSES = codes('roomStatus');
/** Who sees a seeker's e-mail, phone and resume (decisions.md "Contact data by consent"). */
export const CONTACT_VISIBILITIES = codes('contactVisibility');

/** Job types a seeker can prefer (spec: Full-time, Part-time, Contract); posts may also be internships. */
export const PREFERRED_JOB_TYPES = ['full_time', 'part_time', 'contract'] as const;

export type UserRole = PickCode<'userRole'>;
export type RoomStatus = PickCode<'roomStatus'>;
export type ContactVisibility = PickCode<'contactVisibility'>;

/** A pick-list value's label. The list is typed; the code comes from data (an unknown one shows its key). */
export function pickLabel<L extends PickListName>(list: L, code: string): string {
  return msg(`pick.${list}.${code}` as `pick.${L}.${PickCode<L>}` & MessageKey);
}

export function pickOptions<L extends PickListName>(
  list: L,
): { value: PickCode<L>; label: string }[] {
  return codes(list).map((value) => ({ value, label: pickLabel(list, value) }));
}

/** Year pick-lists: from the current year + 5 downward, (current year - 1980 + 10) entries. */
export function yearOptions(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  const count = year - 1980 + 10;
  return Array.from({ length: count }, (_, i) => year + 5 - i);
}
