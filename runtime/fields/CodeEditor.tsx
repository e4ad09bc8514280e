import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { connect, mapReadPretty } from '@formily/react';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** spec 000 §2: the code editor is 240 px high by default, tab size 2 */
export const CODE_EDITOR_HEIGHT = 240;
export const CODE_TAB_SIZE = 2;

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  language?: 'javascript' | 'json' | 'text';
  height?: number;
  disabled?: boolean;
  readOnly?: boolean;
}

const LANGUAGES = { javascript: () => [javascript()], json: () => [json()], text: () => [] };

function CodeInput({ value, onChange, language = 'text', height = CODE_EDITOR_HEIGHT, disabled, readOnly }: CodeEditorProps) {
  const extensions = useMemo(() => LANGUAGES[language](), [language]);
  return (
    <CodeMirror
      value={value ?? ''}
      height={`${height}px`}
      extensions={extensions}
      // basicSetup's tabSize sets both the tab width and the indent unit
      basicSetup={{ tabSize: CODE_TAB_SIZE }}
      editable={!disabled && !readOnly}
      readOnly={disabled || readOnly}
      onChange={(next) => onChange?.(next)}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}
    />
  );
}

/** The code editor (CodeMirror 6: no eval, works under script-src 'self'); read-only: the same editor, not editable. */
export const CodeEditor = connect(
  CodeInput,
  mapReadPretty((props: CodeEditorProps) => <CodeInput {...props} readOnly />),
);
