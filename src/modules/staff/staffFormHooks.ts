import type { Field, GeneralField } from '@formily/core';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormReactionContext, HookRegistry } from '../../../runtime';

const IDCARD = /^\d{17}[\dxX]$/;

/**
 * staff.birthdayFromIdcard (on the idcard field, spec 001 §5): as soon as 18 valid characters are
 * typed, the birthday is filled from digits 7–14 (YYYYMMDD), when they make a real date.
 */
export function birthdayFromIdcard(field: GeneralField, { mode }: FormReactionContext): void {
  const value = (field as Field).value as unknown;
  if (mode === 'detail' || typeof value !== 'string' || !IDCARD.test(value)) return;
  const digits = value.slice(6, 14);
  const birthday = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  // dayjs rolls 1985-13-01 over into 1986: a real date formats back to itself
  if (dayjs(birthday).format('YYYY-MM-DD') === birthday) field.form.setValuesIn('birthday', birthday);
}

/**
 * staff.commitmentDate (on fileUrl, spec 001 §3): fileUpdateDate is today when the integrity-commitment
 * file is new or replaced and empty without a file; an unchanged file keeps its date. The server
 * applies the same rule on save (staff.saveMember), so this only shows it while editing.
 */
export function commitmentDate(field: GeneralField, { mode }: FormReactionContext): void {
  const { value, initialValue } = field as Field;
  if (mode === 'detail') return;
  if (!value) field.form.setValuesIn('fileUpdateDate', null);
  else if (value !== initialValue) field.form.setValuesIn('fileUpdateDate', dayjs().format('YYYY-MM-DD'));
}

const DAY = 'YYYY-MM-DD';

/** a date field's value as YYYY-MM-DD, or null when it holds none */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const day = dayjs(value);
  return day.isValid() ? day.format(DAY) : null;
}

/** The date picker's disabledDate: the days `refuse` says no to, compared with the other field's day; none while it is empty. */
function limitDays(field: GeneralField, mode: FormReactionContext['mode'], other: string, refuse: (day: string, bound: string) => boolean): void {
  if (mode === 'detail') return;
  // read inside the reaction, so the limit follows every change of the other date
  const bound = dayOf(field.form.values[other] as unknown);
  (field as Field).setComponentProps({ disabledDate: bound ? (day: Dayjs) => refuse(day.format(DAY), bound) : undefined });
}

/**
 * staff.issuedNotAfterExpiry (on a certificate's issuanceDate, spec 001 §5): the issue-date picker
 * disables the days after the chosen expiry date. The server refuses the same (staff.certificateDates).
 */
export function issuedNotAfterExpiry(field: GeneralField, { mode }: FormReactionContext): void {
  limitDays(field, mode, 'expirationDate', (day, expires) => day > expires);
}

/**
 * staff.expiresNotBeforeIssue (on a certificate's expirationDate): the expiry-date picker disables the
 * days before the chosen issue date. One reading: the same day is allowed on both sides, as the server's
 * rule is "issue date not later than expiry".
 */
export function expiresNotBeforeIssue(field: GeneralField, { mode }: FormReactionContext): void {
  limitDays(field, mode, 'issuanceDate', (day, issued) => day < issued);
}

/** The staff module's client hooks (schemas/staff/models/member.model.json and the certificate models name them). */
export function registerStaffFormHooks(hooks: HookRegistry): void {
  hooks.register('formReaction', 'staff.birthdayFromIdcard', birthdayFromIdcard);
  hooks.register('formReaction', 'staff.commitmentDate', commitmentDate);
  hooks.register('formReaction', 'staff.issuedNotAfterExpiry', issuedNotAfterExpiry);
  hooks.register('formReaction', 'staff.expiresNotBeforeIssue', expiresNotBeforeIssue);
}
