// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { traditionalCatalogues } from '../../../../scripts/i18nTraditional';
import { toTraditional } from '../../../../server/i18n/toTraditional';

/**
 * Issue 7 "one voice": Chinese texts use full-width punctuation (！？，；：。). The exceptions are the zh
 * forms spec 000 quotes or names as they stand (§2 '您尚未设置部门信息!', §5 the tab warning, §8
 * '很抱歉，资源未找到!', the delete confirms and 'really log out?') and spec 001 quotes (§5 the old-password
 * rule, the ID photo warning and the upload failure; §8 the REST lists' delete confirm and the popup picker's
 * configuration errors), kept exactly.
 */
const KEPT_AS_SPECIFIED = [
  '您尚未设置部门信息!',
  '很抱歉，资源未找到!',
  '确定删除吗?',
  '此操作将永久删除该数据, 是否继续？',
  '确定要删除这 {{n}} 项吗?',
  '真的要注销登录吗 ?',
  '首页不能关闭!',
  '请输入旧密码!',
  '上传图片比例400×594,当前文件{{w}}×{{h}}',
  '{{file}} 上传失败.',
  'popup参数未正确配置!',
  'popup参数未正确配置,原始值和目标值数量不一致!',
];

/** a half-width mark right after a Chinese character (a '.' only as a full stop: not '..', not '.xls') */
const HALF_WIDTH_AFTER_HAN = /\p{Script=Han}\s?[!?,;:]|\p{Script=Han}\.(?![.\w])/u;

function textsOf(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => textsOf(v, key ? `${key}.${k}` : k));
}

const files = traditionalCatalogues().flatMap(({ file }) => [path.join(path.dirname(file), 'zh-CN.json'), file]);

describe('Chinese catalogues', () => {
  it.each(files.map((file) => [path.relative(process.cwd(), file), file] as const))('%s uses full-width punctuation', (_, file) => {
    const kept = new Set(file.endsWith('zh-TW.json') ? KEPT_AS_SPECIFIED.map(toTraditional) : KEPT_AS_SPECIFIED);
    const halfWidth = textsOf(JSON.parse(fs.readFileSync(file, 'utf8')))
      .filter(([, text]) => HALF_WIDTH_AFTER_HAN.test(text) && !kept.has(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(halfWidth).toEqual([]);
  });
});

describe('the generated traditional texts', () => {
  it('read as Taiwan writes them where OpenCC alone would not', () => {
    // 注销登录 is 'log out' (not 登出登入, 'log out log in'); 最多只能 is 'at most' (not the measure word 隻)
    expect(toTraditional('真的要注销登录吗 ?')).toBe('真的要登出嗎 ?');
    expect(toTraditional('最多只能上传5个文件！')).toBe('最多只能上傳5個檔案！');
  });
});
