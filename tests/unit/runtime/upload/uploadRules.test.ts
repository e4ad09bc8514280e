// @vitest-environment node
import { describe, expect, it } from 'vitest';
import zhCN from '../../../../runtime/fields/i18n/zh-CN.json';
import {
  checkFile,
  checkIdPhoto,
  checkImage,
  DEFAULT_FILE_COUNT,
  DEFAULT_IMAGE_COUNT,
  exceedsCount,
  isUploadSuccess,
  UNIT_BYTES,
} from '../../../../runtime/upload/uploadRules';

const file = (name: string, size = 100, type = '') => ({ name, size, type });
const text = (key: string, values: Record<string, string | number> = {}) =>
  (zhCN.upload[key.replace('upload.', '') as keyof typeof zhCN.upload] as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('upload rules (spec 000 §5, 001 §5)', () => {
  it('uses the spec units and a 5 MB default', () => {
    expect(UNIT_BYTES).toEqual({ KB: 1024, MB: 1_048_576, GB: 1_073_741_824 });
    expect(checkImage(file('a.png', 5 * 1_048_576, 'image/png'))).toBeNull();
    const tooLarge = checkImage(file('a.png', 5 * 1_048_576 + 1, 'image/png'))!;
    expect(text(tooLarge.key, tooLarge.values)).toBe('图片大小不能超过5MB');
    const kb = checkImage(file('a.png', 2049, 'image/png'), { maxSize: 2, unit: 'KB' })!;
    expect(kb.values).toEqual({ n: 2, unit: 'KB' });
    const big = checkFile(file('a.pdf', 6 * 1_048_576))!;
    expect(text(big.key, big.values)).toBe('文件大小不能超过5MB');
    expect(checkFile(file('a.pdf', 1_073_741_824), { maxSize: 1, unit: 'GB' })).toBeNull();
  });

  it('image: must be an image (never SVG), png/jpg only where asked', () => {
    expect(text(checkImage(file('a.pdf', 1, 'application/pdf'))!.key)).toBe('请上传图片');
    expect(text(checkImage(file('a.svg', 1, 'image/svg+xml'))!.key)).toBe('请上传图片');
    expect(checkImage(file('a.gif', 1, 'image/gif'))).toBeNull();
    expect(text(checkImage(file('a.gif', 1, 'image/gif'), { jpgPngOnly: true })!.key)).toBe('请上传png或jpg格式的图片');
    expect(checkImage(file('a.JPEG', 1, ''), { jpgPngOnly: true })).toBeNull();
  });

  it('ID photo: jpg/jpeg/png at most 400×594, naming the actual size', () => {
    expect(checkIdPhoto(file('id.jpg'), 400, 594)).toBeNull();
    const wide = checkIdPhoto(file('id.png'), 401, 594)!;
    expect(text(wide.key, wide.values)).toBe('上传图片比例400×594,当前文件401×594');
    expect(checkIdPhoto(file('id.png'), 300, 600)?.values).toEqual({ w: 300, h: 600 });
    expect(text(checkIdPhoto(file('id.gif'), 10, 10)!.key)).toBe('请上传png或jpg格式的图片');
  });

  it('file type modes: pdf, word or excel, word or pdf', () => {
    expect(text(checkFile(file('a.docx'), { typeMode: 'pdf' })!.key)).toBe('请上传PDF格式的文件！');
    expect(checkFile(file('a.PDF'), { typeMode: 'pdf' })).toBeNull();
    expect(checkFile(file('a.xlsx'), { typeMode: 'doc,docx,Excel' })).toBeNull();
    expect(text(checkFile(file('a.pdf'), { typeMode: 'doc,docx,Excel' })!.key)).toBe('请上传word或excel格式的文件！');
    expect(checkFile(file('a.doc'), { typeMode: 'doc,docx,pdf' })).toBeNull();
    expect(text(checkFile(file('a.xls'), { typeMode: 'doc,docx,pdf' })!.key)).toBe('请上传word或pdf格式的文件！');
    expect(checkFile(file('a.exe'), { accept: ['.pdf', '.docx'] })).toMatchObject({ key: 'upload.typeNotAccepted', values: { types: '.pdf, .docx' } });
  });

  it('count limits: defaults 5 files and 1 image; 0 means unlimited', () => {
    expect(DEFAULT_FILE_COUNT).toBe(5);
    expect(DEFAULT_IMAGE_COUNT).toBe(1);
    expect(exceedsCount(4, 1, 5)).toBe(false);
    expect(exceedsCount(4, 2, 5)).toBe(true);
    expect(exceedsCount(1000, 1000, 0)).toBe(false);
    expect(text('upload.fileCount', { n: 5 })).toBe('最多只能上传5个文件！');
    // zh-CN as spec 001 §5 quotes it (spec 000 §5 gives only the English: 'at most {n} images')
    expect(text('upload.imageCount', { n: 1 })).toBe('当前限制最多可以上传1个文件');
  });

  it('counts an answer as success only with code 200', () => {
    expect(isUploadSuccess({ success: true, code: 200, message: 'temp/a.png' })).toBe(true);
    expect(isUploadSuccess({ success: true, code: 201 })).toBe(false);
    expect(isUploadSuccess({ success: true })).toBe(false);
    expect(isUploadSuccess(null)).toBe(false);
  });

  it('keeps the spec texts', () => {
    expect(text('upload.failed', { file: 'a.png' })).toBe('a.png 上传失败.');
    expect(text('upload.readError', { name: 'a.zip' })).toBe('文件a.zip读取出错，请检查该文件');
  });
});
