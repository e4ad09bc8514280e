import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../../../runtime/createRuntime';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { staticDictSource } from '../../../../runtime/fields/dict/createDictSource';
import { RuntimeProvider } from '../../../../runtime/render/RuntimeProvider';
import { TEST_DICTS, testI18n, testModels, unreachableHttp } from '../render/support/testRuntime';

// The upload widgets refuse by the spec's rules before anything is sent, and keep only what the server stored.
function renderUpload(component: string, props: Record<string, unknown>, http: HttpClient = unreachableHttp, initialValues: Record<string, unknown> = {}) {
  const runtime = createRuntime({
    http,
    i18n: testI18n(),
    access: { has: () => true, subActions: () => [] },
    models: testModels(),
    dicts: staticDictSource(TEST_DICTS),
  });
  const form = createForm({ initialValues });
  render(
    <RuntimeProvider runtime={runtime}>
      <FormProvider form={form}>
        <runtime.SchemaField schema={{ type: 'object', properties: { files: { type: 'string', 'x-component': component, 'x-component-props': props } } }} />
      </FormProvider>
    </RuntimeProvider>,
  );
  return form;
}

const pick = async (...files: File[]) => {
  await waitFor(() => expect(document.querySelector('input[type=file]')).not.toBeNull());
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files } });
};
const fileOf = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

describe('FileUpload', () => {
  it('refuses a non-PDF in pdf mode with the spec message and sends nothing', async () => {
    const post = vi.fn();
    renderUpload('FileUpload', { typeMode: 'pdf' }, { ...unreachableHttp, post } as unknown as HttpClient);
    await pick(fileOf('report.docx', 10));
    expect(await screen.findByText('请上传PDF格式的文件！')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses more files than the limit with 最多只能上传N个文件！', async () => {
    const post = vi.fn();
    renderUpload('FileUpload', { multiple: true, maxCount: 2 }, { ...unreachableHttp, post } as unknown as HttpClient);
    await pick(fileOf('a.pdf', 1), fileOf('b.pdf', 1), fileOf('c.pdf', 1));
    expect(await screen.findByText('最多只能上传2个文件！')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('stores the path of a code-200 answer', async () => {
    const post = vi.fn(async (_url: string) => ({ code: 200, message: 'annex/0b8f3c1e-5a1f-4b2a-9d55-1b7f0c9e2a11.pdf', data: null }));
    const form = renderUpload('FileUpload', {}, { ...unreachableHttp, post } as unknown as HttpClient);
    await pick(fileOf('a.pdf', 10));
    await waitFor(() => expect(form.values.files).toBe('annex/0b8f3c1e-5a1f-4b2a-9d55-1b7f0c9e2a11.pdf'));
    expect(post.mock.calls[0]?.[0]).toBe('/sys/common/upload');
  });

  it('shows the message of an answer that is not code 200 and keeps nothing', async () => {
    const refusing = vi.fn(async () => ({ code: 500, message: '文件类型不允许或与扩展名不符：b.pdf', data: null }));
    const other = renderUpload('FileUpload', {}, { ...unreachableHttp, post: refusing } as unknown as HttpClient);
    await pick(fileOf('b.pdf', 10));
    expect(await screen.findByText('文件类型不允许或与扩展名不符：b.pdf')).toBeInTheDocument();
    expect(other.values.files ?? '').toBe('');
  });
});

describe('ImageUpload', () => {
  it('refuses an over-size image and a non-image with the spec messages', async () => {
    const post = vi.fn();
    renderUpload('ImageUpload', { maxSize: 1, unit: 'KB' }, { ...unreachableHttp, post } as unknown as HttpClient);
    await pick(fileOf('big.png', 1025, 'image/png'));
    expect(await screen.findByText('图片大小不能超过1KB')).toBeInTheDocument();
    await pick(fileOf('notes.txt', 10, 'text/plain'));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
