import type { Field, GeneralField } from '@formily/core';
import dayjs from 'dayjs';
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

/** The staff module's client hooks (schemas/staff/models/member.model.json names them). */
export function registerStaffFormHooks(hooks: HookRegistry): void {
  hooks.register('formReaction', 'staff.birthdayFromIdcard', birthdayFromIdcard);
  hooks.register('formReaction', 'staff.commitmentDate', commitmentDate);
}
