import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { previewKind, previewQuery } from '../../../../runtime/fields/preview/previewKind';
import { unreachableHttp } from '../render/support/testRuntime';
import { renderFields } from './support/renderFields';

// The document preview over the preview tickets, and the three lazy editors of spec 000 §2.
afterEach(() => vi.restoreAllMocks());

// jsdom lays nothing out: CodeMirror measures text through Range rectangles, which jsdom lacks
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('DocumentPreview', () => {
  const previewHttp = () => {
    const get = vi.fn(async (_url: string, params: Record<string, unknown> = {}) => ({
      code: 200,
      message: '',
      data: { url: `/api/file/Uploader/Preview/T-${String(params.name)}`, fileName: `原始-${String(params.name)}` },
    }));
    return { http: { ...unreachableHttp, get } as unknown as HttpClient, get };
  };

  it('shows images and PDFs inline, downloads the rest', () => {
    expect(['a.PNG', 'b.jpeg', 'c.pdf', 'd.docx', 'e.xlsx', 'f'].map(previewKind)).toEqual(['image', 'image', 'pdf', 'download', 'download', 'download']);
    expect(previewQuery('annex/abc.pdf')).toEqual({ type: 'annex', name: 'abc.pdf' });
  });

  it("opens 'document preview - file name' full screen with the ticket address in a frame; Cancel closes it", async () => {
    const { http, get } = previewHttp();
    renderFields({ doc: { type: 'string', 'x-component': 'DocumentPreview' } }, { http, readPretty: true, initialValues: { doc: 'annex/x1.pdf' } });
    fireEvent.click(await screen.findByRole('button', { name: /x1\.pdf/ }));
    expect(await screen.findByText('文档预览 - 原始-x1.pdf')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/file/Uploader/Preview', { type: 'annex', name: 'x1.pdf' }, expect.anything());
    expect(screen.getByTitle('原始-x1.pdf').getAttribute('src')).toBe('/api/file/Uploader/Preview/T-x1.pdf');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('100%');
    // spec 000 §2: Cancel closes it
    fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ }));
    await waitFor(() => expect(screen.queryByText('文档预览 - 原始-x1.pdf')).not.toBeInTheDocument());
  });

  it('downloads a type it cannot show', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { http } = previewHttp();
    renderFields({ doc: { type: 'string', 'x-component': 'DocumentPreview' } }, { http, initialValues: { doc: 'annex/r.docx' } });
    fireEvent.click(await screen.findByRole('button', { name: /r\.docx/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('MarkdownEditor', () => {
  it('is 300 px high and inserts a network image with its remark through the image dialog', async () => {
    const form = renderFields({ notes: { type: 'string', 'x-component': 'MarkdownEditor' } }, { initialValues: { notes: '说明' } });
    const editor = await screen.findByRole('textbox', {}, { timeout: 10_000 });
    expect((document.querySelector('.w-md-editor') as HTMLElement).style.height).toBe('300px');
    expect(editor).toHaveValue('说明');
    fireEvent.click(screen.getByRole('button', { name: '插入图片' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '本地上传' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: '网络图片' }));
    fireEvent.change(within(dialog).getByLabelText('图片地址'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    expect(await screen.findByText('请输入http或https开头的图片地址')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('图片地址'), { target: { value: 'https://example.org/a(1).png' } });
    fireEvent.change(within(dialog).getAllByLabelText('图片描述').at(-1) as HTMLElement, { target: { value: '仪器外观' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(String(form.values.notes)).toContain('![仪器外观](https://example.org/a%281%29.png)'));
  }, 30_000);

  it('renders no raw HTML read-only', async () => {
    renderFields(
      { notes: { type: 'string', 'x-component': 'MarkdownEditor' } },
      { readPretty: true, initialValues: { notes: '# 标题\n\n<img src=x onerror=alert(1)>' } },
    );
    expect(await screen.findByRole('heading', { name: '标题' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('CodeEditor', () => {
  it('is a CodeMirror editor 240 px high holding the value', async () => {
    renderFields({ code: { type: 'string', 'x-component': 'CodeEditor', 'x-component-props': { language: 'json' } } }, { initialValues: { code: '{"a": 1}' } });
    await waitFor(() => expect(document.querySelector('.cm-editor')).not.toBeNull(), { timeout: 10_000 });
    expect(document.querySelector('.cm-content')?.textContent).toBe('{"a": 1}');
  });
});

describe('RichTextEditor', () => {
  it('shows the document with a Chinese toolbar, and the same document read-only without it', async () => {
    renderFields({ body: { type: 'string', 'x-component': 'RichTextEditor' } }, { initialValues: { body: '<p>设备<strong>说明</strong></p>' } });
    expect(await screen.findByRole('button', { name: '粗体' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '图片' })).toBeInTheDocument();
    expect(await screen.findByText('说明')).toBeInTheDocument();
  });

  it('read-only renders the document, not the toolbar', async () => {
    renderFields({ body: { type: 'string', 'x-component': 'RichTextEditor' } }, { readPretty: true, initialValues: { body: '<p>只读<em>内容</em></p>' } });
    expect(await screen.findByText('内容', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '粗体' })).not.toBeInTheDocument();
  });
});
