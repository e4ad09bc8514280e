import { createForm, onFieldValueChange, type Field } from '@formily/core';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createHookRegistry } from '../../../../runtime/hooks/createHookRegistry';
import type { ServedModel } from '../../../../runtime/model/types';
import { birthdayFromIdcard, commitmentDate, registerStaffFormHooks } from '../../../../src/modules/staff/staffFormHooks';

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

  it('registers both as form reaction hooks', () => {
    const hooks = createHookRegistry();
    registerStaffFormHooks(hooks);
    expect(hooks.get('formReaction', 'staff.birthdayFromIdcard')).toBe(birthdayFromIdcard);
    expect(hooks.get('formReaction', 'staff.commitmentDate')).toBe(commitmentDate);
  });
});
