import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { password as passwordPattern } from '../../schemas/meta/patterns.json';
import type { Lang } from '../../runtime/model/types';

/** The shared pattern (schemas/meta/patterns.json): the server checks the same rule with the same text. */
const PASSWORD_REGEX = new RegExp(passwordPattern.regex);

/** Spec 001 §5 "Change password": old required, new required (6–16 letters and digits), confirmation equal. */
export function passwordRules(t: TFunction, lang: Lang) {
  const oldPassword: FormRule[] = [{ required: true, message: t('password.oldRequired') }];
  const newPassword: FormRule[] = [
    { required: true, message: t('password.newRequired') },
    { pattern: PASSWORD_REGEX, message: passwordPattern.message[lang] },
  ];
  const confirmPassword: FormRule[] = [
    { required: true, message: t('password.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
    }),
  ];
  return { oldPassword, newPassword, confirmPassword };
}
