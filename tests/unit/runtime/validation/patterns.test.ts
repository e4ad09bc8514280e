// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPattern, isPatternName, PATTERN_NAMES, patternMessage, patternRegex, testPattern } from '../../../../runtime/validation/patterns';
import { LANGS } from '../../../../runtime/model/types';

// Every named pattern and table code of spec 000 §5 / 001 §5: what passes, what fails, what it says.
const CASES: Record<string, { pass: string[]; fail: string[]; zh: string }> = {
  phone: { pass: ['13812345678', '19900000000'], fail: ['12812345678', '1381234567', '138123456789', '23812345678'], zh: '请输入正确的手机号码!' },
  password: { pass: ['abc123', 'Abcdefgh12345678'], fail: ['abcdef', '123456', 'ab12', 'abcdefgh123456789', 'abc 123'], zh: '密码由6-16位字母和数字组成' },
  idcard: {
    pass: ['11010519491231002X', '110105194912310021', '11010519491231002x'],
    fail: ['1101051949123100', '11010519491231002Y'],
    zh: '身份证号格式不对!',
  },
  email: { pass: ['a.b@lab.cn', 'x+1@mail.example.com'], fail: ['a@b', '@lab.cn', 'a b@lab.cn'], zh: '请输入正确的邮箱!' },
  plate: { pass: ['京A12345', '粤BD12345', '沪C1234学'], fail: ['京I12345', 'A12345', '京A1234'], zh: '请输入正确的车牌号!' },
  chinese: { pass: ['检测', '中心'], fail: ['检测a', 'abc', '检 测'], zh: '只能输入中文!' },
  code: { pass: ['a', 'a.b', 'A1.b2.c3'], fail: ['.a', 'a.', 'a_b', ''], zh: '只能输入字母、数字和点，且不能以点开头或结尾!' },
  // dictionary codes in JeecgBoot's style (education_degree); a comma would make a table dictionary's code
  dictCode: {
    pass: ['sex', 'education_degree', 'lab.sample_state2'],
    fail: ['_a', 'a_', '.a', 'a,b,c', 'a b', '学历', ''],
    zh: '只能输入字母、数字、点和下划线，且不能以点或下划线开头或结尾!',
  },
  account: { pass: ['admin', 'user01'], fail: ['user_01', 'user 1', '用户'], zh: '只能输入数字和字母!' },
  name: { pass: ['张三', 'Lab-01', '检测（一）'], fail: ['a<b', 'x;drop', 'a@b'], zh: '不能包含特殊字符!' },
  numeric: { pass: ['0', '007'], fail: ['1.5', '-1', 'a1'], zh: '请输入数字!' },
  duration: { pass: ['0', '3', '2.5', '10.0'], fail: ['2.3', '-1', '1.55', '.5'], zh: '请输入整数或0.5的倍数!' },
  positiveInteger: { pass: ['1', '42'], fail: ['0', '-3', '01', '1.0'], zh: '请输入正整数!' },
  'n6-16': { pass: ['123456', '123456789012345678'], fail: ['12345', '1234567890123456789', '12345a'], zh: '请输入6到18位数字!' },
  '*6-16': { pass: ['abc de', '任意字符六个', 'x'.repeat(16)], fail: ['abcde', 'x'.repeat(17)], zh: '请输入6到16位任意字符!' },
  's6-18': { pass: ['abcdef', 'ABCDEFabcdefABCDEF'], fail: ['abcde', 'abc123', 'a'.repeat(19)], zh: '请输入6到18位字母!' },
  url: {
    pass: ['http://lab.cn', 'https://a.b.cn/x?y=1#z', 'ftp://files.lab.cn/a'],
    fail: ['lab.cn', 'http://', 'javascript:alert(1)', 'http://host'],
    zh: '请输入正确的网址!',
  },
  e: { pass: ['a@lab.cn'], fail: ['a@lab'], zh: '请输入正确的电子邮件!' },
  m: { pass: ['15912345678'], fail: ['11912345678'], zh: '请输入正确的手机号码!' },
  p: { pass: ['100085', '518000'], fail: ['010085', '10008', '1000850'], zh: '请输入正确的邮政编码!' },
  s: { pass: ['abc', 'ABC'], fail: ['ab1', 'a b', ''], zh: '请输入字母!' },
  n: { pass: ['1', '-1.5', '+3', '0.25', '.5'], fail: ['1.', '1e3', 'abc', '--1', '1.2.3'], zh: '请输入数字!' },
  z: { pass: ['0', '-12', '+7'], fail: ['1.0', 'a', ''], zh: '请输入整数!' },
  '*': { pass: ['a', ' x '], fail: ['', '   '], zh: '不能为空' },
  money: { pass: ['0', '10', '10.5', '10.55', '0.01'], fail: ['10.555', '-1', '01', '1.', 'abc'], zh: '请输入正确的金额!' },
};

describe('validation patterns', () => {
  it('has a case here for every pattern and code (a new one needs its cases)', () => {
    expect([...PATTERN_NAMES].sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('%s accepts and refuses as specified, with its message', (name, { pass, fail, zh }) => {
    for (const value of pass) expect(testPattern(name, value), `${name} should accept ${JSON.stringify(value)}`).toBe(true);
    for (const value of fail) expect(testPattern(name, value), `${name} should refuse ${JSON.stringify(value)}`).toBe(false);
    expect(patternMessage(name, 'zh-CN')).toBe(zh);
    expect(checkPattern(name, fail[0] as string, 'zh-CN')).toBe(zh);
    expect(checkPattern(name, pass[0] as string, 'zh-CN')).toBe('');
  });

  it('answers in every language', () => {
    expect(patternMessage('phone', 'en')).toBe('Please enter your phone number correctly');
    expect(patternMessage('money', 'zh-TW')).toBe('請輸入正確的金額!');
    for (const name of PATTERN_NAMES) for (const lang of LANGS) expect(patternMessage(name, lang), `${name} ${lang}`).not.toBe('');
  });

  it('refuses an unknown name instead of passing every value', () => {
    expect(isPatternName('money')).toBe(true);
    expect(isPatternName('toString')).toBe(false);
    expect(() => testPattern('nope', 'x')).toThrow('unknown validation pattern "nope"');
    expect(() => patternMessage('constructor', 'en')).toThrow('unknown validation pattern');
  });

  it('compiles each regex once and keeps no state between values', () => {
    expect(patternRegex('z')).toBe(patternRegex('z'));
    expect(patternRegex('z').flags).toBe('');
    expect([testPattern('z', '1'), testPattern('z', '1'), testPattern('z', '1')]).toEqual([true, true, true]);
  });
});
