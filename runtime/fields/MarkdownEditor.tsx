import { PictureOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import MDEditor, { commands as enCommands, type ICommand } from '@uiw/react-md-editor/nohighlight';
import * as cnCommands from '@uiw/react-md-editor/commands-cn';
import '@uiw/react-md-editor/markdown-editor.css';
import { useState } from 'react';
import { useRuntime } from '../render/RuntimeProvider';
import { ImageInsertDialog, type InsertedImage } from './editor/ImageInsertDialog';
import { useFieldText } from './useFieldText';

/** spec 000 §2: the markdown editor is 300 px high */
export const MARKDOWN_HEIGHT = 300;

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  height?: number;
  disabled?: boolean;
}

// The nohighlight build renders no raw HTML (no rehype-raw; react-markdown drops it) and strips
// javascript: links, so a document cannot carry a script into the page; it also leaves out prism.

const markdownOf = ({ url, remark }: InsertedImage) =>
  `![${remark.replace(/[[\]]/g, '')}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;

function MarkdownInput({ value, onChange, height = MARKDOWN_HEIGHT, disabled }: MarkdownEditorProps) {
  const t = useFieldText();
  const runtime = useRuntime();
  const set = runtime.lang() === 'en' ? enCommands : cnCommands;
  const [dialog, setDialog] = useState(false);
  // our own button: the dialog inserts at the end of the text, so it needs no editor selection state
  const image: ICommand = {
    name: 'image',
    keyCommand: 'image',
    render: () => (
      <button key="image" type="button" aria-label={t('editor.imageTitle')} title={t('editor.imageTitle')} disabled={disabled} onClick={() => setDialog(true)}>
        <PictureOutlined />
      </button>
    ),
  };
  const toolbar = [
    set.bold,
    set.italic,
    set.strikethrough,
    set.divider,
    set.title,
    set.quote,
    set.code,
    set.codeBlock,
    set.link,
    image,
    set.divider,
    set.unorderedListCommand,
    set.orderedListCommand,
    set.table,
  ];
  return (
    <div data-color-mode="light" aria-disabled={disabled}>
      <MDEditor
        value={value ?? ''}
        onChange={(next) => !disabled && onChange?.(next ?? '')}
        height={height}
        preview={disabled ? 'preview' : 'live'}
        commands={toolbar}
        extraCommands={[set.codeEdit, set.codeLive, set.codePreview, set.divider, set.fullscreen]}
        textareaProps={{ placeholder: t('editor.placeholder'), disabled }}
      />
      {dialog ? (
        <ImageInsertDialog
          onClose={() => setDialog(false)}
          onInsert={(inserted) => {
            onChange?.(`${value ? `${value}\n\n` : ''}${markdownOf(inserted)}`);
            setDialog(false);
          }}
        />
      ) : null}
    </div>
  );
}

function MarkdownView({ value }: MarkdownEditorProps) {
  return (
    <div data-color-mode="light">
      <MDEditor.Markdown source={value ?? ''} />
    </div>
  );
}

/** The markdown editor (300 px, zh-CN toolbar) with the local / network image dialog; read-only: the rendered text. */
export const MarkdownEditor = connect(MarkdownInput, mapReadPretty(MarkdownView));
