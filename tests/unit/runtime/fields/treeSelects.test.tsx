import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { conditionProblem, toSelectNodes } from '../../../../runtime/fields/treeSelect/serverTree';
import { unreachableHttp } from '../render/support/testRuntime';
import { renderFields } from './support/renderFields';

// The category and dictionary tree selects read their levels over the documented calls
// (spec 000 §7, docs api-contract: /sys/category/*, /sys/dict/loadTreeData); the HTTP client is a spy
// answering the contract's shapes.
type Answer = (url: string, params: Record<string, unknown>) => unknown;
function treeHttp(answer: Answer) {
  const get = vi.fn(async (url: string, params: Record<string, unknown> = {}) => ({ code: 200, message: '', data: answer(url, params) }));
  return { http: { ...unreachableHttp, get } as unknown as HttpClient, get };
}

const roots = [
  { key: 'p1', title: '建材', value: 'p1', leaf: false },
  { key: 'l1', title: '土工', value: 'l1', leaf: true },
];
const children = [{ key: 'p1c1', title: '水泥', value: 'p1c1', leaf: true }];
const answerTree: Answer = (url, params) => {
  if (url.includes('loadDictItem'))
    return String(params.key ?? params.ids)
      .split(',')
      .map((value) => ({ l1: '土工', p1c1: '水泥' })[value] ?? '');
  return params.pid === 'p1' ? children : roots;
};
const openTree = async () => fireEvent.mouseDown((await screen.findAllByRole('combobox'))[0]!.closest('.ant-select-selector') as HTMLElement);

describe('the condition rule', () => {
  it('accepts no condition or a JSON object string, nothing else', () => {
    expect(conditionProblem(undefined)).toBeUndefined();
    expect(conditionProblem('{"status":"1"}')).toBeUndefined();
    for (const bad of ['[1]', '"a"', '1', 'null', '{status:1}']) expect(conditionProblem(bad), bad).toBe('treeSelect.conditionInvalid');
  });

  it('in last-level mode only leaves can be chosen', () => {
    expect(toSelectNodes(roots, true).map((node) => node.selectable)).toEqual([false, true]);
    expect(toSelectNodes(roots, false).map((node) => node.selectable)).toEqual([true, true]);
  });
});

describe('DictTreeSelect', () => {
  const props = { dict: 'lab_sample_category,name,id', pidField: 'parent_id', pidValue: '0' };

  it('refuses a condition that is not a JSON object string before asking the server', async () => {
    const { http, get } = treeHttp(answerTree);
    renderFields({ c: { type: 'string', 'x-component': 'DictTreeSelect', 'x-component-props': { ...props, condition: '[1]' } } }, { http });
    expect(await screen.findByText('查询条件必须是JSON对象字符串：[1]')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('reads the roots and each opened level through loadTreeData; last-level mode chooses leaves only', async () => {
    const { http, get } = treeHttp(answerTree);
    const form = renderFields(
      { c: { type: 'string', 'x-component': 'DictTreeSelect', 'x-component-props': { ...props, leafOnly: true, condition: '{"status":"1"}' } } },
      { http },
    );
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/sys/dict/loadTreeData',
        { pid: '0', tableName: 'lab_sample_category', text: 'name', code: 'id', pidField: 'parent_id', condition: '{"status":"1"}' },
        expect.anything(),
      ),
    );
    await openTree();
    fireEvent.click(await screen.findByText('建材'));
    expect(form.values.c).toBeUndefined();
    fireEvent.click(document.querySelector('.ant-select-tree-switcher') as HTMLElement);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/dict/loadTreeData', expect.objectContaining({ pid: 'p1' })));
    fireEvent.click(await screen.findByText('水泥'));
    await waitFor(() => expect(form.values.c).toBe('p1c1'));
  });

  it('shows the chosen value read-only by its text from loadDictItem', async () => {
    const { http, get } = treeHttp(answerTree);
    renderFields(
      { c: { type: 'string', 'x-component': 'DictTreeSelect', 'x-component-props': props } },
      { http, readPretty: true, initialValues: { c: 'l1' } },
    );
    expect(await screen.findByText('土工')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDictItem/lab_sample_category,name,id', { key: 'l1' }, expect.anything());
  });
});

describe('CategoryTreeSelect', () => {
  it('reads the roots under pcode asynchronously, children by pid, texts by ids', async () => {
    const { http, get } = treeHttp(answerTree);
    const form = renderFields(
      { c: { type: 'string', 'x-component': 'CategoryTreeSelect', 'x-component-props': { pcode: 'A01' } } },
      { http, initialValues: { c: 'l1' } },
    );
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/category/loadTreeRoot', { async: true, pcode: 'A01' }, expect.anything()));
    expect(await screen.findByText('土工')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/category/loadDictItem/', { ids: 'l1' }, expect.anything());
    await openTree();
    fireEvent.click(document.querySelector('.ant-select-tree-switcher') as HTMLElement);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/category/loadTreeChildren', { pid: 'p1' }));
    fireEvent.click(await screen.findByText('水泥'));
    await waitFor(() => expect(form.values.c).toBe('p1c1'));
  });
});
