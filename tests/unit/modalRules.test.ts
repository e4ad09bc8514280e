import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Spec 000 §4: "Other modals show '关闭' and '确认'. Modals cannot be closed by clicking the mask." Every antd
// <Modal> of the client (src, runtime, designer) says maskClosable={false}, and one that keeps antd's own
// footer names its buttons (okText, cancelText) rather than showing antd's 确定/取消.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(relative);
    return entry.name.endsWith('.tsx') ? [relative] : [];
  });
}

/** Each <Modal …> of the file: its line and the names of the props it sets. */
function modals(file: string): { line: number; props: Set<string> }[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; props: Set<string> }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText(source) === 'Modal') {
      const props = new Set<string>();
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute)) continue;
        const name = attribute.name.getText(source);
        const value = attribute.initializer?.getText(source);
        props.add(name === 'maskClosable' && value !== '{false}' ? 'maskClosable=true' : name);
      }
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, props });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('dialogs (spec 000 §4)', () => {
  const all = ['src', 'runtime', 'designer'].flatMap(tsxFiles).flatMap((file) => modals(file).map((modal) => ({ ...modal, at: `${file}:${modal.line}` })));

  it('finds the dialogs', () => {
    expect(all.length).toBeGreaterThan(10);
  });

  it('none closes on a click on its mask', () => {
    expect(all.filter((modal) => !modal.props.has('maskClosable')).map((modal) => modal.at)).toEqual([]);
  });

  it("one with antd's footer names its buttons (关闭 / 确认), not antd's 确定 / 取消", () => {
    const unnamed = all.filter((modal) => !modal.props.has('footer') && !(modal.props.has('okText') && modal.props.has('cancelText')));
    expect(unnamed.map((modal) => modal.at)).toEqual([]);
  });
});
