/**
 * The post editor: a contentEditable area with a small toolbar (headings, bold/italic/underline,
 * lists, quote, link) on the browser's own editing commands, so no editor library ships to phones.
 * The toolbar is one tab stop (arrow keys move inside it, as the ARIA toolbar pattern says) and the
 * usual shortcuts work in the text (Ctrl+B/I/U, Ctrl+K for a link). Pasted content arrives as plain
 * text. Whatever HTML this makes, the server cuts it down to its allowlist before storing it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n';
import { blogsMessages } from './blogs-messages';

interface RichTextEditorProps {
  /** The HTML the editor starts with (read once: remount with a new `key` to load another post). */
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
}

type Tool = {
  key:
    | 'heading'
    | 'subheading'
    | 'paragraph'
    | 'bold'
    | 'italic'
    | 'underline'
    | 'bulletList'
    | 'numberedList'
    | 'quote'
    | 'link'
    | 'removeLink';
  glyph: string;
  run: (editor: HTMLElement) => void;
};

const exec = (command: string, value?: string) => {
  document.execCommand(command, false, value);
};

export function RichTextEditor({ initialHtml, onChange, labelledBy }: RichTextEditorProps) {
  const t = useT(blogsMessages);
  const editor = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [active, setActive] = useState(0);
  // Read once: the editor owns its DOM from here on.
  const initial = useRef(initialHtml);

  useEffect(() => {
    if (editor.current) editor.current.innerHTML = initial.current;
  }, []);

  const changed = () => onChange(editor.current?.innerHTML ?? '');
  const addLink = () => {
    const href = window.prompt(t('linkPrompt'), 'https://');
    if (href && /^(https?:|mailto:)/i.test(href.trim())) exec('createLink', href.trim());
  };

  const tools: Tool[] = [
    { key: 'heading', glyph: 'H2', run: () => exec('formatBlock', '<h2>') },
    { key: 'subheading', glyph: 'H3', run: () => exec('formatBlock', '<h3>') },
    { key: 'paragraph', glyph: '¶', run: () => exec('formatBlock', '<p>') },
    { key: 'bold', glyph: 'B', run: () => exec('bold') },
    { key: 'italic', glyph: 'I', run: () => exec('italic') },
    { key: 'underline', glyph: 'U', run: () => exec('underline') },
    { key: 'bulletList', glyph: '•', run: () => exec('insertUnorderedList') },
    { key: 'numberedList', glyph: '1.', run: () => exec('insertOrderedList') },
    { key: 'quote', glyph: '❝', run: () => exec('formatBlock', '<blockquote>') },
    { key: 'link', glyph: '🔗', run: addLink },
    { key: 'removeLink', glyph: '⛓', run: () => exec('unlink') },
  ];

  const apply = (tool: Tool) => {
    const target = editor.current;
    if (!target) return;
    target.focus();
    exec('defaultParagraphSeparator', 'p');
    tool.run(target);
    changed();
  };

  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? tools.length - 1 : null;
    if (step === 0 && edge === null) return;
    event.preventDefault();
    const next = edge ?? (active + step + tools.length) % tools.length;
    setActive(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  };

  const onEditorKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      addLink();
      changed();
    }
  };

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label={t('toolbar')} ref={toolbar} onKeyDown={onToolbarKey}>
        {tools.map((tool, i) => (
          <button
            key={tool.key}
            type="button"
            className="rte-button"
            tabIndex={i === active ? 0 : -1}
            aria-label={t(tool.key)}
            title={t(tool.key)}
            // Keep the text selection: a click must not move focus out of the editor first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setActive(i);
              apply(tool);
            }}
          >
            <span aria-hidden="true">{tool.glyph}</span>
          </button>
        ))}
      </div>
      <div
        ref={editor}
        className="rte-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={hintId}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        onInput={changed}
        onBlur={changed}
        onKeyDown={onEditorKey}
        onFocus={() => exec('defaultParagraphSeparator', 'p')}
        onPaste={(event) => {
          event.preventDefault();
          exec('insertText', event.clipboardData.getData('text/plain'));
          changed();
        }}
      />
      <p id={hintId} className="muted rte-hint">
        {t('editorHint')}
      </p>
    </div>
  );
}
