import { createForm, onFieldReact, onFieldValueChange, type Field } from '@formily/core';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createHookRegistry } from '../../../../runtime/hooks/createHookRegistry';
import type { ServedModel } from '../../../../runtime/model/types';
import {
  birthdayFromIdcard,
  commitmentDate,
  expiresNotBeforeIssue,
  issuedNotAfterExpiry,
  registerStaffFormHooks,
} from '../../../../src/modules/staff/staffFormHooks';

const context = (mode: 'add' | 'edit' | 'detail') => ({ served: {} as ServedModel, mode });

/** A form with the fields the hooks touch; `hook` runs on every change of `on`, as a Formily reaction would. */
function formWith(on: string, hook: typeof birthdayFromIdcard, mode: 'add' | 'edit' | 'detail', initialValues: Record<string, unknown> = {}) {
  const form = createForm({
    initialValues,
    effects() {
      onFieldValueChange(on, (field) => hook(field, context(mode)));
    },
  });
  for (const name of ['idcard', 'birthday', 'fileUrl', 'fileUpdateDate']) form.createField({ name });
  return form;
}

describe('staff form hooks', () => {
  it('fills the birthday from digits 7–14 once 18 valid characters are typed', () => {
    const form = formWith('idcard', birthdayFromIdcard, 'add');
    const idcard = form.query('idcard').take() as Field;
    idcard.setValue('1101051990030');
    expect(form.values.birthday).toBeUndefined();
    idcard.setValue('11010519900307123');
    expect(form.values.birthday).toBeUndefined();
    idcard.setValue('11010519900307123x');
    expect(form.values.birthday).toBe('1990-03-07');
    idcard.setValue('110105198512311234');
    expect(form.values.birthday).toBe('1985-12-31');
    // digits that are no date (month 13) leave the birthday alone
    idcard.setValue('110105198513011234');
    expect(form.values.birthday).toBe('1985-12-31');
  });

  it('leaves a detail view as it is', () => {
    const form = formWith('idcard', birthdayFromIdcard, 'detail');
    (form.query('idcard').take() as Field).setValue('11010519900307123X');
    expect(form.values.birthday).toBeUndefined();
  });

  it('dates the commitment file today when it is new or replaced, empties the date without a file', () => {
    const form = formWith('fileUrl', commitmentDate, 'edit', { fileUrl: 'a.pdf', fileUpdateDate: '2020-05-05' });
    const file = form.query('fileUrl').take() as Field;
    file.setValue('a.pdf');
    expect(form.values.fileUpdateDate).toBe('2020-05-05');
    file.setValue('b.pdf');
    expect(form.values.fileUpdateDate).toBe(dayjs().format('YYYY-MM-DD'));
    file.setValue('');
    expect(form.values.fileUpdateDate).toBeNull();
  });

  /** A certificate form whose date fields run the hooks as the model's x-reactions do (re-run on what they read). */
  function certificateForm(mode: 'add' | 'edit' | 'detail', initialValues: Record<string, unknown> = {}) {
    const form = createForm({
      initialValues,
      effects() {
        onFieldReact('issuanceDate', (field) => issuedNotAfterExpiry(field, context(mode)));
        onFieldReact('expirationDate', (field) => expiresNotBeforeIssue(field, context(mode)));
      },
    });
    const issued = form.createField({ name: 'issuanceDate' });
    const expires = form.createField({ name: 'expirationDate' });
    const disabled = (field: Field, day: string): boolean => {
      const rule = field.componentProps.disabledDate as ((d: dayjs.Dayjs) => boolean) | undefined;
      return rule ? rule(dayjs(day)) : false;
    };
    return { issued, expires, disabled };
  }

  it('disables the conflicting days in the certificate date pickers (issue not after expiry, spec 001 §5)', () => {
    const { issued, expires, disabled } = certificateForm('add');
    // nothing chosen: every day open
    expect(disabled(issued, '2099-01-01')).toBe(false);
    expect(disabled(expires, '1990-01-01')).toBe(false);
    expires.setValue('2027-01-01');
    expect(disabled(issued, '2027-01-02')).toBe(true);
    expect(disabled(issued, '2027-01-01')).toBe(false);
    expect(disabled(issued, '2020-05-05')).toBe(false);
    issued.setValue('2024-01-01');
    expect(disabled(expires, '2023-12-31')).toBe(true);
    expect(disabled(expires, '2024-01-01')).toBe(false);
    // the limits follow each change of the other date, and go when it is cleared
    expires.setValue('2030-06-30');
    expect(disabled(issued, '2027-01-02')).toBe(false);
    expect(disabled(issued, '2030-07-01')).toBe(true);
    expires.setValue(null);
    expect(disabled(issued, '2099-01-01')).toBe(false);
  });

  it('limits the dates an edit loads, and leaves a detail view alone', () => {
    const edit = certificateForm('edit', { issuanceDate: '2024-01-01', expirationDate: '2027-01-01' });
    expect(edit.disabled(edit.issued, '2027-01-02')).toBe(true);
    expect(edit.disabled(edit.expires, '2023-12-31')).toBe(true);
    const detail = certificateForm('detail', { issuanceDate: '2024-01-01', expirationDate: '2027-01-01' });
    expect(detail.issued.componentProps.disabledDate).toBeUndefined();
    expect(detail.expires.componentProps.disabledDate).toBeUndefined();
  });

  it('registers each as a form reaction hook', () => {
    const hooks = createHookRegistry();
    registerStaffFormHooks(hooks);
    expect(hooks.get('formReaction', 'staff.birthdayFromIdcard')).toBe(birthdayFromIdcard);
    expect(hooks.get('formReaction', 'staff.commitmentDate')).toBe(commitmentDate);
    expect(hooks.get('formReaction', 'staff.issuedNotAfterExpiry')).toBe(issuedNotAfterExpiry);
    expect(hooks.get('formReaction', 'staff.expiresNotBeforeIssue')).toBe(expiresNotBeforeIssue);
  });
});
