import { describe, expect, it } from 'vitest';
import { checkFileType, extensionOf, sniffFileKind } from '../../server/files/magicBytes.js';
import { expectedChunkSize, isConsistentPlan, CHUNK_SIZE } from '../../server/files/chunkStore.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('file types by their first bytes (security.md rule 15)', () => {
  it.each([
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ['gif', text('GIF89a')],
    ['webp', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
    ['pdf', text('%PDF-1.4')],
    ['zip', bytes(0x50, 0x4b, 0x03, 0x04)],
    ['ole', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['text', text('编号,名称\nS1,钢筋\n')],
  ])('recognises %s', (kind, head) => {
    expect(sniffFileKind(head)).toBe(kind);
  });

  it('recognises no markup, binary noise or an empty file', () => {
    for (const head of [text('<svg/>'), text('  <html>'), text('<?xml version="1.0"?>'), bytes(0, 1, 2, 3), bytes(), bytes(0xc3, 0x28)])
      expect(sniffFileKind(head)).toBeNull();
  });

  it('needs the extension to agree with the bytes', () => {
    const pdf = text('%PDF-1.7');
    expect(checkFileType('报告.PDF', pdf)).toEqual({ extension: 'pdf', contentType: 'application/pdf' });
    expect(checkFileType('报告.docx', pdf)).toBeNull();
    expect(checkFileType('a.pdf', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBeNull();
    expect(checkFileType('a.docx', bytes(0x50, 0x4b, 0x03, 0x04))).toMatchObject({ extension: 'docx' });
    expect(checkFileType('a.html', text('hello'))).toBeNull();
    expect(checkFileType('a.constructor', text('hello'))).toBeNull();
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });
});

describe('chunk plans (security.md rule 17)', () => {
  const plan = { identifier: 'a'.repeat(32), totalSize: CHUNK_SIZE * 2 + 1, totalChunks: 3, chunkSize: CHUNK_SIZE };
  it('accepts consistent numbers only', () => {
    expect(isConsistentPlan(plan)).toBe(true);
    expect(isConsistentPlan({ ...plan, totalChunks: 2 })).toBe(false);
    expect(isConsistentPlan({ ...plan, chunkSize: 1024 })).toBe(false);
    expect(isConsistentPlan({ ...plan, identifier: 'A'.repeat(32) })).toBe(false);
    expect(isConsistentPlan({ ...plan, identifier: '../'.repeat(10) + 'ab' })).toBe(false);
    expect(isConsistentPlan({ ...plan, totalSize: 0, totalChunks: 1 })).toBe(false);
  });
  it('expects full chunks but the last', () => {
    expect([1, 2, 3].map((n) => expectedChunkSize(plan, n))).toEqual([CHUNK_SIZE, CHUNK_SIZE, 1]);
  });
});
