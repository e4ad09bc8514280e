import { describe, expect, it } from 'vitest';
import { pickFormValues } from '../../../../../runtime/render/form/pickFormValues';
import { selfServed } from '../../../../../runtime/render/form/selfServed';
import { serve } from '../support/servedModels';
import { staffModel } from '../support/staffModels';

describe('selfServed (personal information mode)', () => {
  const model = structuredClone(staffModel);
  model.entity.fields.phone = { type: 'string', label: '手机号码' };
  model.form = { fields: ['realname', 'phone'] };
  model.api = { ...model.api, self: { operations: ['get', 'update'], writable: ['phone'] } };

  it('keeps only api.self.writable fields writable, and the sub-record tabs (spec 001 §2: only add hides them)', () => {
    const own = selfServed(serve(model));
    expect(own.model.entity.fields.realname).toMatchObject({ writable: false });
    expect(own.model.entity.fields.phone?.writable).toBeUndefined();
    expect(own.model.tabs).toEqual(staffModel.tabs);
    expect(model.entity.fields.realname?.writable).toBeUndefined();
  });

  it('sends only the fields the caller may change on their own record', () => {
    const own = selfServed(serve(model));
    expect(pickFormValues(own, { realname: '改名', phone: '13812345678' }, 'edit')).toEqual({ phone: '13812345678' });
  });
});
